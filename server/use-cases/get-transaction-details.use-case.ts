import { formatSen } from '../../src/contract/money';
import type { TransactionStatus } from '../domain/transaction';
import type { TransactionStore } from '../ports/transaction-store.port';
import { readOwnedFresh } from './get-payment-status.use-case';
import type { OwnedReadError } from './get-payment-status.use-case';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';

export interface TransactionDetails {
  transactionId: string;
  status: TransactionStatus;
  /** '123.45' */
  amount: string;
}

export type GetTransactionDetailsResult =
  { ok: true; value: TransactionDetails } | { ok: false; error: OwnedReadError };

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
    if (!tx.ok) return tx;
    return {
      ok: true,
      value: {
        transactionId: tx.value.transactionId,
        status: tx.value.status,
        amount: formatSen(tx.value.amountSen),
      },
    };
  }
}
