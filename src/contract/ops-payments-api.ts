import type { PaymentStatus } from './payment';
import type { PasskeyAuthenticationCredential } from './passkeys';

/**
 * The operator console's payments, refunds and reports: paths relative to the console API's
 * `/api` (beside `OpsPaths`), and the shapes of each call. Amounts are strings in ringgit with two
 * decimals ("50.00"), as everywhere on the wire; refund amounts are asked for in the same form.
 * Dates in filters are Malaysia calendar days (YYYY-MM-DD, UTC+8), inclusive.
 */
export const OpsPaymentPaths = {
  payments: '/payments',
  /** With the transaction id appended: `${OpsPaymentPaths.payment}/${id}`. */
  payment: '/payments',
  /** `${payment}/${id}/requery`: ask the gateway now. */
  requerySuffix: 'requery',
  /** `${payment}/${id}/refunds`: ask for a refund of this payment. */
  refundsSuffix: 'refunds',
  /** Refunds waiting for a decision or a bank transfer, newest first. */
  refunds: '/refunds',
  /** With the refund id and an action appended: `${refund}/${id}/${RefundAction}`. */
  refund: '/refunds',
  /** The second factor again, for the actions that ask for it (refunds). */
  stepUp: '/auth/step-up',
  stepUpPasskeyOptions: '/auth/step-up/passkey-options',
  reportSummary: '/reports/summary',
  /** The CSV of every payment a search finds (the payments search's own query). */
  paymentsExport: '/payments/export.csv',
} as const;

export const REFUND_ACTIONS = ['approve', 'reject', 'retry', 'close'] as const;
export type RefundAction = (typeof REFUND_ACTIONS)[number];

/** How long a second factor counts for the actions that ask for it again. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

export interface PaymentSearchQuery {
  /** A transaction id, receipt number or the gateway's reference (exact). */
  ref?: string;
  /** The member's phone (+60...) or IC/passport number (exact). */
  member?: string;
  status?: PaymentStatus;
  gateway?: string;
  /** Malaysia calendar days, inclusive. */
  from?: string;
  to?: string;
  /** Ringgit, inclusive ("50.00"). */
  min_amount?: string;
  max_amount?: string;
  cursor?: string;
}

/**
 * Where a refund stands. `requested` waits for a second operator; `approved` waits to be sent
 * (gateway refunds) or paid back by bank transfer (manual gateways); `refunded` and
 * `refund_failed` are the gateway's answer or the closed transfer; `rejected` by the approver.
 */
export const REFUND_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'refunded',
  'refund_failed',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How a gateway gives money back: through its API, or by a bank transfer outside it. */
export type RefundMethod = 'api' | 'manual';

/** One payment as a list shows it: member masked. */
export interface PaymentSummaryDto {
  transaction_id: string;
  receipt_number: string | null;
  gateway: string;
  gateway_ref: string | null;
  amount: string;
  /** Everything refunded so far (status `refunded`), "0.00" when nothing. */
  refunded: string;
  status: PaymentStatus;
  created_at: string;
  paid_at: string | null;
  member: { id: string; name: string; phone_no: string };
}

export interface PaymentSearchResponse {
  items: PaymentSummaryDto[];
  next_cursor: string | null;
}

export interface RefundDto {
  id: string;
  transaction_id: string;
  amount: string;
  status: RefundStatus;
  method: RefundMethod;
  reason: string;
  requested_by: { id: string; name: string };
  requested_at: string;
  decided_by: { id: string; name: string } | null;
  decided_at: string | null;
  decision_reason: string | null;
  /** The gateway's refund id (api) or the bank transfer's reference (manual). */
  reference: string | null;
  /** Who closed a manual refund with its bank transfer. */
  closed_by: { id: string; name: string } | null;
  /** The bank transfer's date (manual), a Malaysia calendar day. */
  transfer_date: string | null;
  failure_reason: string | null;
  updated_at: string;
}

export type TimelineKind =
  'created' | 'handed_to_gateway' | 'callback' | 'redirect' | 'reconcile' | 'requery' | 'refund';

/** One thing that happened to a payment, oldest first on its page. */
export interface TimelineEventDto {
  at: string;
  kind: TimelineKind;
  /** Gateway messages: applied, duplicate, ignored or rejected. */
  result: string | null;
  /** Why a message was refused or ignored, or what a refund step was. */
  detail: string | null;
  /** The message as stored; null after its retention (only its outcome is kept). */
  payload: string | null;
  /** The operator who took the step (requeries and refunds). */
  operator: { id: string; name: string } | null;
}

export interface PaymentDetailResponse {
  payment: PaymentSummaryDto;
  /** What may still be refunded: the amount less every refund requested, approved or done. */
  refundable: string;
  refund_method: RefundMethod;
  refunds: RefundDto[];
  timeline: TimelineEventDto[];
}

export interface RequeryResponse {
  /** What the gateway said and what it changed: `applied`, `duplicate`, `ignored`, `rejected`. */
  result: string;
  status: PaymentStatus;
  detail: string | null;
}

export interface RefundRequestBody {
  /** Ringgit with at most two decimals, more than zero. */
  amount: string;
  reason: string;
}

export interface RefundDecisionBody {
  reason: string;
}

/** Closing a manual refund: the bank transfer that paid the money back. */
export interface RefundCloseBody {
  reference: string;
  /** YYYY-MM-DD, Malaysia time, not in the future. */
  transfer_date: string;
}

export interface RefundListQuery {
  status?: RefundStatus;
  cursor?: string;
}

export interface RefundListResponse {
  items: (RefundDto & { payment_amount: string; gateway: string })[];
  next_cursor: string | null;
}

/** The second factor again: a TOTP code, or a passkey's answer to the step-up options. */
export interface StepUpRequest {
  totp_code?: string;
  credential?: PasskeyAuthenticationCredential;
}

export interface StepUpResponse {
  /** Until when refund actions need no second factor again. */
  step_up_until: string;
}

export interface ReportSummaryQuery {
  /** Malaysia calendar days, inclusive, at most 366 days apart. */
  from: string;
  to: string;
}

export interface ReportDayDto {
  /** YYYY-MM-DD, Malaysia time. */
  day: string;
  completed: { count: number; amount: string };
  failed: { count: number; amount: string };
  pending: { count: number; amount: string };
  /** Refunds done that day (status `refunded`), by when they were done. */
  refunded: { count: number; amount: string };
  /** completed / (completed + failed), 0..1; null when neither. */
  success_rate: number | null;
}

export interface ReportSummaryResponse {
  days: ReportDayDto[];
  totals: Omit<ReportDayDto, 'day'>;
}

/** The CSV export's columns, in order. */
export const PAYMENT_EXPORT_COLUMNS = [
  'receipt_number',
  'transaction_id',
  'gateway',
  'gateway_ref',
  'member_id',
  'amount',
  'refunded',
  'status',
  'created_at',
  'paid_at',
] as const;
