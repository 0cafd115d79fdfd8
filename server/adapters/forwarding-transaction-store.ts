import type { Transaction } from '../domain/transaction';
import type * as store from '../ports/transaction-store.port';

/**
 * A TransactionStore that hands every call to the store it wraps: the base of the decorators
 * (cache, metrics), which override only the calls they change.
 */
export class ForwardingTransactionStore implements store.TransactionStore {
  /** Present when the wrapped store has it (see TransactionStore). */
  readonly findManyByIds?: (ids: readonly string[]) => Promise<ReadonlyMap<string, Transaction>>;

  constructor(protected readonly inner: store.TransactionStore) {
    const findManyByIds = inner.findManyByIds?.bind(inner);
    if (findManyByIds !== undefined) this.findManyByIds = findManyByIds;
  }

  findById(transactionId: string): Promise<Transaction | null> {
    return this.inner.findById(transactionId);
  }

  createPending(
    tx: store.NewTransaction,
    idempotencyKey?: string,
  ): Promise<store.CreatePendingResult> {
    return this.inner.createPending(tx, idempotencyKey);
  }

  listStalePending(createdBefore: Date, limit: number): Promise<Transaction[]> {
    return this.inner.listStalePending(createdBefore, limit);
  }

  recordCallback(record: store.CallbackRecord): Promise<void> {
    return this.inner.recordCallback(record);
  }

  attachGatewayRef(transactionId: string, gatewayRef: string): Promise<string> {
    return this.inner.attachGatewayRef(transactionId, gatewayRef);
  }

  discardUnstarted(transactionId: string): Promise<boolean> {
    return this.inner.discardUnstarted(transactionId);
  }

  countPendingByGateway(): Promise<Map<string, number>> {
    return this.inner.countPendingByGateway();
  }

  findGatewayRef(transactionId: string): Promise<string | null> {
    return this.inner.findGatewayRef(transactionId);
  }

  findTransactionIdByGatewayRef(gatewayRef: string): Promise<string | null> {
    return this.inner.findTransactionIdByGatewayRef(gatewayRef);
  }

  withLockedTransaction<T>(
    transactionId: string,
    fn: (current: Transaction | null, unit: store.LockedTransactionUnit) => Promise<T>,
  ): Promise<T> {
    return this.inner.withLockedTransaction(transactionId, fn);
  }
}
