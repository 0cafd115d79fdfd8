import type { PaymentStatus } from '../../src/contract/payment';
import type { HistoryPosition } from '../domain/history-cursor';
import type { Transaction } from '../domain/transaction';

/** A payment as its history and its receipt show it. */
export interface PaymentRecord extends Transaction {
  /** Given once, when the payment completes; null before and for failed payments. */
  readonly receiptNumber: string | null;
  /** When it completed; null unless completed. */
  readonly paidAt: Date | null;
  /** The gateway's own id of the payment (a Billplz bill id), when it keeps one. */
  readonly gatewayRef: string | null;
  /**
   * The sum of its refunds that reached `refunded`, in sen (0 when none). Refunds still asked
   * for, approved, rejected or failed give the member nothing back, so they do not count.
   */
  readonly refundedSen: number;
}

/** One refund the member got back: how much and when. */
export interface RefundOfPayment {
  readonly amountSen: number;
  readonly refundedAt: Date;
}

export type { HistoryPosition };

export interface HistoryQuery {
  memberId: string;
  /** Only payments in this status; null for all. */
  status: PaymentStatus | null;
  /** Null for the first page. */
  after: HistoryPosition | null;
  limit: number;
}

/** Reads over a member's payments; the writes stay with TransactionStore. */
export interface PaymentHistoryStore {
  /**
   * The member's payments newest first (created_at, then transaction id, both descending), at
   * most `limit`, starting after `after`: a keyset read that an index serves, never an OFFSET.
   */
  listForMember(query: HistoryQuery): Promise<PaymentRecord[]>;
  /** One payment with its receipt fields; null when there is no such payment. */
  findRecord(transactionId: string): Promise<PaymentRecord | null>;
  /** The payment's refunds that reached `refunded`, in the order they did (empty for none). */
  refundsOf(transactionId: string): Promise<RefundOfPayment[]>;
}
