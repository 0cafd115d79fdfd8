import { decimalToSen, type Sen } from '../../../src/contract/money';
import {
  type RefundMethod,
  type RefundStatus,
  STEP_UP_WINDOW_MS,
} from '../../../src/contract/ops-payments-api';
import { type Result } from '../../../src/contract/result';

/**
 * The refund rules, the same the database's `refunds_within_amount` trigger holds: what may still
 * be refunded, who may decide, which status may follow which, and how recent a second factor
 * must be for a refund action.
 */

/** One refund of (part of) a completed payment, as the refunds table keeps it. */
export interface Refund {
  /** Also the idempotency key toward the gateway. */
  id: string;
  transactionId: string;
  amountSen: Sen;
  status: RefundStatus;
  method: RefundMethod;
  reason: string;
  requestedBy: string;
  requestedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  /** The gateway's refund id (api) or the bank transfer's reference (manual). */
  reference: string | null;
  /** The operator who closed a manual refund with its bank transfer. */
  closedBy: string | null;
  /** The bank transfer's day, YYYY-MM-DD (manual refunds). */
  transferDate: string | null;
  failureReason: string | null;
  /** Sends to the gateway so far (api refunds). */
  attempts: number;
  /** Set exactly when the status is `refunded`. */
  refundedAt: Date | null;
  updatedAt: Date;
}

/** The statuses that hold part of the payment's amount: asked for, granted, or paid back. */
export const HOLDING_STATUSES: readonly RefundStatus[] = ['requested', 'approved', 'refunded'];

/** Why a refund amount is refused: not ringgit with at most two decimals, or not above zero. */
export type RefundAmountError = 'format' | 'not_positive';

/** A refund amount typed in ringgit ("12.50", at most two decimals) as sen, more than zero. */
export function parseRefundAmount(text: string): Result<Sen, RefundAmountError> {
  const sen = decimalToSen(text.trim());
  if (sen === null) return { ok: false, error: 'format' };
  if (sen <= 0) return { ok: false, error: 'not_positive' };
  return { ok: true, value: sen };
}

/** What may still be refunded: the amount paid less every refund requested, approved or done. */
export function refundable(
  amountSen: Sen,
  refunds: readonly { amountSen: Sen; status: RefundStatus }[],
): Sen {
  const held = refunds
    .filter((refund) => HOLDING_STATUSES.includes(refund.status))
    .reduce((sum, refund) => sum + refund.amountSen, 0);
  return amountSen - held;
}

/** Two people: whoever approves or rejects a refund is not who asked for it. */
export const isSecondPerson = (requestedBy: string, deciderId: string): boolean =>
  requestedBy !== deciderId;

/**
 * Which status may follow which: a request is approved or rejected; an approved refund ends
 * refunded (or failed at the gateway); a failed one is approved again (a retry) or closed as
 * refunded. `rejected` and `refunded` are final.
 */
export const REFUND_TRANSITIONS: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['refunded', 'refund_failed'],
  refund_failed: ['approved', 'refunded'],
  rejected: [],
  refunded: [],
};

export const canMove = (from: RefundStatus, to: RefundStatus): boolean =>
  REFUND_TRANSITIONS[from].includes(to);

/** Until when a second factor given at `secondFactorAt` counts for refund actions. */
export const stepUpUntil = (secondFactorAt: Date): Date =>
  new Date(secondFactorAt.getTime() + STEP_UP_WINDOW_MS);

/** Whether a second factor given at `secondFactorAt` still counts at `nowMs` (5 minutes). */
export const isSteppedUp = (secondFactorAt: Date, nowMs: number): boolean =>
  nowMs < stepUpUntil(secondFactorAt).getTime();
