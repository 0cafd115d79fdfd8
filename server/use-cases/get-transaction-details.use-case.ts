import { formatSen } from '../../src/contract/money';
import type { TransactionStatus } from '../domain/transaction';
import type { PaymentHistoryStore } from '../ports/payment-history.port';
import type { TransactionStore } from '../ports/transaction-store.port';
import { readOwnedFresh } from './get-payment-status.use-case';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';
import { failWith, ok, type Result, type UseCaseError } from './result';

export interface TransactionDetails {
  transactionId: string;
  status: TransactionStatus;
  /** '123.45' */
  amount: string;
  /** R-2026-000123, once the payment completed and was numbered. */
  receiptNumber?: string;
  /** '12.50': what its refunds done gave back, '0.00' when nothing. */
  refundedAmount: string;
}

/**
 * Fails with PAYMENT_NOT_FOUND only (the receipt names the payment a transaction), for a missing
 * payment and another member's alike.
 */
export type GetTransactionDetailsResult = Result<TransactionDetails, UseCaseError>;

/** The receipt's view of one payment, for its owner only. */
export class GetTransactionDetailsUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly reconcile: ReconcilePendingPaymentsUseCase,
    /** Where a completed payment's receipt number and refunds are read from. */
    private readonly receipts: Pick<PaymentHistoryStore, 'findRecord'>,
  ) {}

  async execute(input: {
    memberId: string;
    transactionId: string;
  }): Promise<GetTransactionDetailsResult> {
    const tx = await readOwnedFresh(
      this.store,
      this.reconcile,
      input.memberId,
      input.transactionId,
    );
    if (!tx) return failWith('PAYMENT_NOT_FOUND', { reason: 'transaction-not-found' });
    // Only a completed payment has a receipt number, or refunds (the database refuses others).
    const record =
      tx.status === 'completed' ? await this.receipts.findRecord(tx.transactionId) : null;
    return ok({
      transactionId: tx.transactionId,
      status: tx.status,
      amount: formatSen(tx.amountSen),
      ...(record?.receiptNumber ? { receiptNumber: record.receiptNumber } : {}),
      refundedAmount: formatSen(record?.refundedSen ?? 0),
    });
  }
}
