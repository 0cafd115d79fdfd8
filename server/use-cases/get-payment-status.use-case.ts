import type { Transaction, TransactionStatus } from '../domain/transaction';
import type { TransactionStore } from '../ports/transaction-store.port';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';
import { failWith, ok, type Result, type UseCaseError } from './result';

/**
 * Fails with PAYMENT_NOT_FOUND only. Another member's payment is "not found" too: telling it
 * apart (a 403) would confirm to a stranger that the id exists.
 */
export type GetPaymentStatusResult = Result<{ status: TransactionStatus }, UseCaseError>;

/**
 * Reads a payment's status for its owner. A payment left pending past RECONCILE_AFTER_S is first
 * re-queried from the gateway, so a member polling a payment whose callback was lost sees the truth.
 */
export class GetPaymentStatusUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly reconcile: ReconcilePendingPaymentsUseCase,
  ) {}

  /**
   * The answer, synchronously when the store holds the payment in memory and it needs no
   * reconciling (most polls), else once it has been read and, if stale, reconciled.
   */
  execute(input: {
    memberId: string;
    paymentId: string;
  }): GetPaymentStatusResult | Promise<GetPaymentStatusResult> {
    const held = this.store.findHeldById?.(input.paymentId);
    if (held !== undefined) {
      // The owner check first, as readOwnedFresh's: a foreign payment is never reconciled.
      if (held.memberId !== input.memberId) return statusOf(null);
      if (!this.reconcile.isStale(held)) return statusOf(held);
    }
    return readOwnedFresh(this.store, this.reconcile, input.memberId, input.paymentId).then(
      statusOf,
    );
  }
}

/** Another member's payment (null here) reads exactly like a missing one. */
function statusOf(tx: Readonly<Transaction> | null): GetPaymentStatusResult {
  return tx === null ? failWith('PAYMENT_NOT_FOUND') : ok({ status: tx.status });
}

/**
 * Shared by the two status reads: owner check first (someone else's payment reads exactly like a
 * missing one, null, and is never reconciled on their behalf), then a best-effort reconcile if
 * stale.
 */
export async function readOwnedFresh(
  store: TransactionStore,
  reconcile: ReconcilePendingPaymentsUseCase,
  memberId: string,
  transactionId: string,
) {
  const tx = await store.findById(transactionId);
  if (!tx || tx.memberId !== memberId) return null;
  const outcome = await reconcile.reconcileIfStale(tx);
  if (outcome === 'completed' || outcome === 'failed') {
    const fresh = await store.findById(transactionId);
    if (fresh) return fresh;
  }
  return tx;
}
