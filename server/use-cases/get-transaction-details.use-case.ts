import { formatSen } from '../../src/contract/money';
import type { TransactionStatus } from '../domain/transaction';
import type { TransactionStore } from '../ports/transaction-store.port';
import { readOwnedFresh } from './get-payment-status.use-case';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';
import { failWith, ok, type Result, type UseCaseError } from './result';

export interface TransactionDetails {
  transactionId: string;
  status: TransactionStatus;
  /** '123.45' */
  amount: string;
}

/** The receipt names the payment a transaction: PAYMENT_NOT_FOUND, in those words. */
export const TRANSACTION_NOT_FOUND = 'Transaction not found.';

/** Fails with PAYMENT_NOT_FOUND only, for a missing payment and another member's alike. */
export type GetTransactionDetailsResult = Result<TransactionDetails, UseCaseError>;

/** The receipt's view of one payment, for its owner only. */
export class GetTransactionDetailsUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly reconcile: ReconcilePendingPaymentsUseCase,
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
    if (!tx) return failWith('PAYMENT_NOT_FOUND', { message: TRANSACTION_NOT_FOUND });
    return ok({
      transactionId: tx.transactionId,
      status: tx.status,
      amount: formatSen(tx.amountSen),
    });
  }
}
