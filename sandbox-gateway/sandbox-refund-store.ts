import { randomBytes } from 'node:crypto';
import { decimalToSen } from '../src/contract/money';
import { type RefundFailureReason } from '../src/contract/sandbox-gateway';
import { DEFAULT_MAX_PAYMENTS, type SandboxPaymentStore } from './sandbox-payment-store';

/** A refund as the merchant asked for it. */
export interface RefundAsk {
  transactionId: string;
  refundId: string;
  /** '12.34', more than zero. */
  amount: string;
}

/** The gateway's answer to one refund id, kept so that asking again answers it again. */
export type SandboxRefund = RefundAsk &
  (
    | { status: 'refunded'; refundRef: string; at: number }
    | { status: 'failed'; reason: RefundFailureReason; at: number }
  );

/**
 * The sandbox gateway's refunds, in memory beside its payments (a restart forgets both): one
 * answer per refund id, refunded only out of a completed payment's amount not yet refunded.
 * Each call runs to its end without awaiting, so two asks can never both take the same room.
 */
export class SandboxRefundStore {
  /** By refund id; Maps iterate in insertion order, so the first is the oldest. */
  private readonly refunds = new Map<string, SandboxRefund>();
  /** Sen refunded per payment. */
  private readonly refundedSen = new Map<string, number>();

  constructor(
    private readonly payments: SandboxPaymentStore,
    private readonly maxRefunds = DEFAULT_MAX_PAYMENTS,
  ) {}

  /**
   * The answer to a refund id: the one given before when the same refund is asked again (a
   * different payment or amount under a used id fails, and is not kept), else a new one.
   */
  refund(ask: RefundAsk, now: number): SandboxRefund {
    const known = this.refunds.get(ask.refundId);
    if (known) {
      const same = known.transactionId === ask.transactionId && known.amount === ask.amount;
      return same
        ? { ...known }
        : { ...ask, status: 'failed', reason: 'refund_id_reused', at: now };
    }
    const answer = this.decide(ask, now);
    this.refunds.set(ask.refundId, answer);
    if (this.refunds.size > this.maxRefunds) {
      this.refunds.delete(this.refunds.keys().next().value as string);
    }
    return { ...answer };
  }

  /** Sen refunded so far out of a payment. */
  refundedOf(transactionId: string): number {
    return this.refundedSen.get(transactionId) ?? 0;
  }

  /** Every refund answer kept, oldest first (copies). */
  all(): SandboxRefund[] {
    return [...this.refunds.values()].map((refund) => ({ ...refund }));
  }

  private decide(ask: RefundAsk, now: number): SandboxRefund {
    const fail = (reason: RefundFailureReason): SandboxRefund => ({
      ...ask,
      status: 'failed',
      reason,
      at: now,
    });
    const payment = this.payments.find(ask.transactionId);
    if (!payment) return fail('payment_not_found');
    if (payment.status !== 'completed') return fail('payment_not_completed');
    const paid = decimalToSen(payment.amount) ?? 0;
    const asked = decimalToSen(ask.amount) ?? Number.POSITIVE_INFINITY;
    const refunded = this.refundedOf(ask.transactionId);
    if (refunded + asked > paid) return fail('exceeds_refundable');
    this.refundedSen.set(ask.transactionId, refunded + asked);
    return { ...ask, status: 'refunded', refundRef: newRefundRef(), at: now };
  }
}

/** The sandbox's own reference of a refund: 'RF' and 16 hex digits. */
const newRefundRef = (): string => `RF${randomBytes(8).toString('hex').toUpperCase()}`;
