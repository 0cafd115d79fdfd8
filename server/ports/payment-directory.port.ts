import { type Sen } from '../../src/contract/money';
import { type RefundMethod, type RefundStatus } from '../../src/contract/ops-payments-api';
import { type PaymentStatus } from '../../src/contract/payment';
import { type PaymentFilter } from '../domain/ops/payment-filter';
import { type CallbackResult, type CallbackSource } from './transaction-store.port';

/** An operator as a payment's page names them. */
export interface NamedOperator {
  id: string;
  name: string;
}

/** One payment as the console reads it, with its member's data unmasked (the use case masks). */
export interface DirectoryPayment {
  transactionId: string;
  receiptNumber: string | null;
  gateway: string;
  gatewayRef: string | null;
  amountSen: Sen;
  /** Every refund done (status `refunded`), 0 when none. */
  refundedSen: Sen;
  status: PaymentStatus;
  createdAt: Date;
  /** When it completed; null unless completed. */
  paidAt: Date | null;
  /** When it became final (completed or failed); null while pending. */
  finalisedAt: Date | null;
  member: { id: string; name: string; phoneNo: string };
  /** Its place in the search's order, for the next page's start. */
  key: PaymentKey;
}

/**
 * Where a page of payments starts: after this one (newest first by created_at, id). The time is
 * the database's own text of it, so a time with microseconds is not cut to milliseconds.
 */
export interface PaymentKey {
  createdAt: string;
  transactionId: string;
}

/** One gateway message kept for a payment (payment_callbacks), as stored. */
export interface PaymentMessage {
  source: CallbackSource;
  result: CallbackResult;
  reason: string | null;
  /** Empty once the payment's member was erased (only the outcome is kept). */
  payload: string;
  receivedAt: Date;
  /** Who asked the gateway (requeries); null for the gateway's own messages. */
  operator: NamedOperator | null;
}

/** One refund as the console shows it: the operators named. */
export interface DirectoryRefund {
  id: string;
  transactionId: string;
  amountSen: Sen;
  status: RefundStatus;
  method: RefundMethod;
  reason: string;
  requestedBy: NamedOperator;
  requestedAt: Date;
  decidedBy: NamedOperator | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  reference: string | null;
  /** Who closed a manual refund with its bank transfer. */
  closedBy: NamedOperator | null;
  /** YYYY-MM-DD, Malaysia time (manual refunds). */
  transferDate: string | null;
  failureReason: string | null;
  refundedAt: Date | null;
  updatedAt: Date;
}

/** A refund in the queue, with its payment's amount and gateway. */
export interface QueuedRefund extends DirectoryRefund {
  paymentAmountSen: Sen;
  gateway: string;
}

/** Where a page of refunds starts: after this one (newest first by requested_at, id). */
export interface RefundKey {
  requestedAt: Date;
  id: string;
}

/** The refunds waiting on someone: for a decision, to be sent, or sent again. */
export const OPEN_REFUND_STATUSES: readonly RefundStatus[] = [
  'requested',
  'approved',
  'refund_failed',
];

/** What the console reads about payments, beside the stores that write them. */
export interface PaymentDirectory {
  /** Payments matching every field of the filter, newest first (created_at DESC, id DESC). */
  search(
    filter: PaymentFilter,
    page: { after?: PaymentKey; limit: number },
  ): Promise<DirectoryPayment[]>;
  /** One payment; null for no such payment. */
  byId(transactionId: string): Promise<DirectoryPayment | null>;
  /** Every message kept for a payment, oldest first. */
  messagesOf(transactionId: string): Promise<PaymentMessage[]>;
  /** A payment's refunds, oldest first. */
  refundsOf(transactionId: string): Promise<DirectoryRefund[]>;
  /**
   * Refunds in one status, or (without one) the open ones (OPEN_REFUND_STATUSES), newest first
   * by requested_at, id.
   */
  openRefunds(
    status: RefundStatus | undefined,
    page: { after?: RefundKey; limit: number },
  ): Promise<QueuedRefund[]>;
}
