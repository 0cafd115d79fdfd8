import { isFinalStatus, type Transaction } from '../../domain/transaction';
import { type Clock } from '../../ports/clock.port';
import type * as store from '../../ports/transaction-store.port';
import { ForwardingTransactionStore } from '../forwarding-transaction-store';
import { TtlCache, type TtlCacheOptions } from './ttl-cache';

/** A paid or failed payment is read again by polls and the receipt page for a while. */
export const DEFAULT_FINAL_PAYMENT_CACHE: TtlCacheOptions = { ttlMs: 60_000, maxEntries: 20_000 };

/**
 * A TransactionStore that serves payments in a final status from memory. That is safe without
 * any invalidation: a final status never changes (the database itself refuses it), nor does the
 * rest of the row. A pending payment is always read from the store, so a callback applied on
 * another instance shows on the very next poll.
 */
export class CachedTransactionStore extends ForwardingTransactionStore {
  private readonly finals: TtlCache<string, Transaction>;

  constructor(
    inner: store.TransactionStore,
    clock: Clock,
    options: TtlCacheOptions = DEFAULT_FINAL_PAYMENT_CACHE,
  ) {
    super(inner);
    this.finals = new TtlCache(clock, options);
  }

  override async findById(transactionId: string): Promise<Transaction | null> {
    const cached = this.finals.get(transactionId);
    if (cached !== undefined) return cached;
    const tx = await this.inner.findById(transactionId);
    if (tx !== null && isFinalStatus(tx.status)) {
      this.finals.setIfUnchanged(transactionId, tx, this.finals.generation);
    }
    return tx;
  }
}
