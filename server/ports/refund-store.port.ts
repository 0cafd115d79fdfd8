import { type Sen } from '../../src/contract/money';
import { type RefundMethod } from '../../src/contract/ops-payments-api';
import { type PaymentStatus } from '../../src/contract/payment';
import { type Refund } from '../domain/ops/refund';

/** Why the store refused a refund write (the database's trigger, or a status moved meanwhile). */
export type RefundRefusal =
  'REFUND_OVER_REFUNDABLE' | 'PAYMENT_NOT_COMPLETED' | 'REFUND_NOT_PENDING';

/**
 * A refund write the rules refuse: more than may still be refunded, a payment not completed, or
 * a refund no longer in the status the step needs. Thrown, so the unit of work it happens in
 * rolls back with everything it wrote (its audit entry too).
 */
export class RefundRefused extends Error {
  constructor(readonly code: RefundRefusal) {
    super(`refund refused: ${code}`);
    this.name = 'RefundRefused';
  }
}

/** The payment a refund is asked for, as the refund rules read it. */
export interface RefundablePayment {
  transactionId: string;
  amountSen: Sen;
  status: PaymentStatus;
  gateway: string;
  gatewayRef: string | null;
}

export interface NewRefund {
  id: string;
  transactionId: string;
  amountSen: Sen;
  method: RefundMethod;
  reason: string;
  requestedBy: string;
  requestedAt: Date;
}

/** What a send to the gateway came to. */
export type RefundSendOutcome =
  | { kind: 'refunded'; reference: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'unavailable'; reason: string };

/**
 * Refunds and their steps. Every write holds the rules (the PostgreSQL trigger
 * `refunds_within_amount`, with the payment's row locked, and the same checks in memory): the
 * refunds requested, approved or done never pass the payment's amount, only completed payments
 * are refunded, and each step moves from the status it needs (else RefundRefused).
 */
export interface RefundStore {
  findPayment(transactionId: string): Promise<RefundablePayment | null>;
  findById(id: string): Promise<Refund | null>;
  /** A payment's refunds, oldest first. */
  listForPayment(transactionId: string): Promise<Refund[]>;
  /** A new refund, `requested`. */
  request(refund: NewRefund): Promise<Refund>;
  /** requested -> approved or rejected, by another operator than the requester. */
  decide(
    id: string,
    decision: { approve: boolean; decidedBy: string; reason: string; at: Date },
  ): Promise<Refund>;
  /**
   * Records a send of an approved refund: one more attempt, then `refunded` with the gateway's
   * reference, `refund_failed` with its reason, or still `approved` (unavailable: retry later).
   * Null when the refund is no longer approved (another send recorded its outcome first).
   */
  recordSend(id: string, outcome: RefundSendOutcome, at: Date): Promise<Refund | null>;
  /** refund_failed -> approved, to be sent again (the amount must still be refundable). */
  reopen(id: string, at: Date): Promise<Refund>;
  /** An approved manual refund paid back by bank transfer, closed by `closedBy`: -> refunded. */
  closeManual(
    id: string,
    transfer: { reference: string; transferDate: string; closedBy: string; at: Date },
  ): Promise<Refund>;
}
