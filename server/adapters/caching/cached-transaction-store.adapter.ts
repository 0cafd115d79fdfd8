import { isFinalStatus, type Transaction } from '../../domain/transaction';
import { type Clock } from '../../ports/clock.port';
import { type Invalidation } from '../../ports/invalidation-bus.port';
import type * as store from '../../ports/transaction-store.port';
import { ForwardingTransactionStore } from '../forwarding-transaction-store';
import { type ReadCaches } from './read-caches';
import { REFRESH_AFTER, RefreshAhead } from './refresh-ahead';
import { GenerationCache, type GenerationCacheOptions } from './generation-cache';

/** A paid or failed payment is read again by polls and the receipt page for a while. */
export const DEFAULT_FINAL_PAYMENT_CACHE: GenerationCacheOptions = {
  ttlMs: 60_000,
  maxEntries: 20_000,
};
/** A pending payment is polled every 3 s by its member's tab until it is final. */
export const DEFAULT_PENDING_PAYMENT_CACHE: GenerationCacheOptions = {
  ttlMs: 30_000,
  maxEntries: 20_000,
};

/** What the pending payments' cache needs of the instance's read caches. */
export type PaymentInvalidations = Pick<ReadCaches, 'bus' | 'usable' | 'invalidate'>;

/**
 * A TransactionStore that serves payments from memory.
 *
 * A final payment (paid or failed) is safe to keep without any invalidation: a final status never
 * changes (the database itself refuses it), nor does the rest of the row.
 *
 * A pending payment is kept too when `invalidations` is given, and forgotten on every instance the
 * moment its status changes: every change goes through `withLockedTransaction`'s `finalise` (a
 * callback, a return from the gateway, reconciliation), and once that commits this instance
 * forgets it and publishes `{ kind: 'payment' }` on the invalidation bus, which every instance's
 * store listens to. While the bus is not live a message may be missed, so a pending payment is
 * then read from the store every time. A read racing an invalidation is not cached (see
 * GenerationCache.setIfUnchanged); its lifetime (READ_CACHE_TTL_MS) bounds a missed message.
 * Pending payments in use are read again, many at once, before they expire (RefreshAhead); final
 * ones still read late in their life are kept on.
 */
export class CachedTransactionStore extends ForwardingTransactionStore {
  private readonly finals: GenerationCache<string, Transaction>;
  private readonly pendings: GenerationCache<string, Transaction>;
  private readonly unsubscribe: () => void;
  /** Reads the pending payments in use again before they expire, many at once. */
  readonly refreshAhead?: RefreshAhead<string, Transaction>;

  constructor(
    inner: store.TransactionStore,
    clock: Clock,
    private readonly invalidations?: PaymentInvalidations,
    options: { finals?: GenerationCacheOptions; pendings?: GenerationCacheOptions } = {},
  ) {
    super(inner);
    this.finals = new GenerationCache(clock, options.finals ?? DEFAULT_FINAL_PAYMENT_CACHE);
    this.pendings = new GenerationCache(clock, options.pendings ?? DEFAULT_PENDING_PAYMENT_CACHE);
    this.unsubscribe = invalidations?.bus.subscribe((event) => this.forget(event)) ?? (() => {});
    // A final payment never changes: one still read late in its life just lives on.
    this.finals.onAging({ after: REFRESH_AFTER, aging: (id) => this.finals.extend(id) });
    const loadMany = inner.findManyByIds?.bind(inner);
    if (loadMany === undefined || invalidations === undefined) return;
    this.refreshAhead = new RefreshAhead(
      {
        cache: this.pendings,
        loadMany,
        usable: () => invalidations.usable,
        keep: (id, fresh) => (isFinalStatus(fresh.status) ? this.keepFinal(id, fresh) : fresh),
      },
      clock,
    );
  }

  /** A pending payment found final by its refresh (a missed message): kept as a final one. */
  private keepFinal(transactionId: string, tx: Transaction): undefined {
    this.finals.setIfUnchanged(transactionId, tx, this.finals.generation);
    return undefined;
  }

  findHeldById(transactionId: string): Readonly<Transaction> | undefined {
    const final = this.finals.get(transactionId);
    if (final !== undefined) return final;
    return this.invalidations?.usable === true ? this.pendings.get(transactionId) : undefined;
  }

  override async findById(transactionId: string): Promise<Transaction | null> {
    const held = this.findHeldById(transactionId);
    if (held !== undefined) return held;
    const pendingUsable = this.invalidations?.usable === true;
    const generation = this.pendings.generation;
    const tx = await this.inner.findById(transactionId);
    if (tx !== null && isFinalStatus(tx.status)) {
      this.finals.setIfUnchanged(transactionId, tx, this.finals.generation);
      this.pendings.delete(transactionId);
    } else if (tx !== null && pendingUsable && this.invalidations?.usable === true) {
      this.pendings.setIfUnchanged(transactionId, tx, generation);
    }
    return tx;
  }

  override async withLockedTransaction<T>(
    transactionId: string,
    fn: (current: Transaction | null, unit: store.LockedTransactionUnit) => Promise<T>,
  ): Promise<T> {
    let finalised = false;
    try {
      return await this.inner.withLockedTransaction(transactionId, (current, unit) =>
        fn(current, {
          finalise: async (status, at) => {
            const changed = await unit.finalise(status, at);
            if (changed) finalised = true;
            return changed;
          },
          recordCallback: (record) => unit.recordCallback(record),
          appendAudit: (entry) => unit.appendAudit(entry),
        }),
      );
    } finally {
      // After the commit (or a rollback, where forgetting costs one read): here at once, and on
      // every other instance through the bus.
      if (finalised) await this.forgetEverywhere(transactionId);
    }
  }

  /** Stops listening to the bus. */
  close(): void {
    this.unsubscribe();
  }

  private async forgetEverywhere(transactionId: string): Promise<void> {
    const event: Invalidation = { kind: 'payment', transactionId };
    this.forget(event);
    await this.invalidations?.invalidate(event);
  }

  private forget(event: Invalidation): void {
    if (event.kind === 'payment') this.pendings.delete(event.transactionId);
    else if (event.kind === 'everything') this.pendings.clear();
  }
}
