import { isFinalStatus, type Transaction } from '../../domain/transaction';
import { type Clock } from '../../ports/clock.port';
import {
  type CallbackRecord,
  type CreatePendingResult,
  type LockedTransactionUnit,
  type NewTransaction,
  type TransactionStore,
} from '../../ports/transaction-store.port';
import { TtlCache, type TtlCacheOptions } from './ttl-cache';

/** A paid or failed payment is read again by polls and the receipt page for a while. */
export const DEFAULT_FINAL_PAYMENT_CACHE: TtlCacheOptions = { ttlMs: 60_000, maxEntries: 20_000 };

/**
 * A TransactionStore that serves payments in a final status from memory. That is safe without
 * any invalidation: a final status never changes (the database itself refuses it), nor does the
 * rest of the row. A pending payment is always read from the store, so a callback applied on
 * another instance shows on the very next poll.
 */
export class CachedTransactionStore implements TransactionStore {
  private readonly finals: TtlCache<string, Transaction>;

  constructor(
    private readonly inner: TransactionStore,
    clock: Clock,
    options: TtlCacheOptions = DEFAULT_FINAL_PAYMENT_CACHE,
  ) {
    this.finals = new TtlCache(clock, options);
  }

  async findById(transactionId: string): Promise<Transaction | null> {
    const cached = this.finals.get(transactionId);
    if (cached !== undefined) return cached;
    const tx = await this.inner.findById(transactionId);
    if (tx !== null && isFinalStatus(tx.status)) {
      this.finals.setIfUnchanged(transactionId, tx, this.finals.generation);
    }
    return tx;
  }

  createPending(tx: NewTransaction, idempotencyKey?: string): Promise<CreatePendingResult> {
    return this.inner.createPending(tx, idempotencyKey);
  }

  listStalePending(createdBefore: Date, limit: number): Promise<Transaction[]> {
    return this.inner.listStalePending(createdBefore, limit);
  }

  recordCallback(record: CallbackRecord): Promise<void> {
    return this.inner.recordCallback(record);
  }

  attachGatewayRef(transactionId: string, gatewayRef: string): Promise<string> {
    return this.inner.attachGatewayRef(transactionId, gatewayRef);
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
    fn: (current: Transaction | null, unit: LockedTransactionUnit) => Promise<T>,
  ): Promise<T> {
    return this.inner.withLockedTransaction(transactionId, fn);
  }
}
