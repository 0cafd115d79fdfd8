import { type Cancel, type Clock } from '../../ports/clock.port';
import { type GenerationCache } from './generation-cache';

/** Read late in the last third of its life, an entry is read again before it expires. */
export const REFRESH_AFTER = 2 / 3;
/** How long aging keys are collected before one read of them all. */
export const REFRESH_BATCH_DELAY_MS = 20;
/**
 * The most keys one read asks for; more wait for the next read. On PGlite a read runs on the
 * event loop: 500 sessions take about 10 ms, against about 220 µs each read alone.
 */
export const REFRESH_BATCH_SIZE = 500;

/** One store read of many keys: the values found, by key (a missing key is gone from the store). */
export type LoadMany<K, V> = (keys: K[]) => Promise<ReadonlyMap<K, V>>;

/** What a refresh does with each key's answer: keep the fresh value, or forget the entry. */
export interface RefreshTarget<K extends string, V> {
  cache: GenerationCache<K, V>;
  loadMany: LoadMany<K, V>;
  /**
   * The value to keep for a key the store answered (undefined forgets the entry: a revoked
   * session, a payment that became final). Defaults to the value as read.
   */
  keep?: (key: K, fresh: V) => V | undefined;
  /** Whether the cache may be refilled now (its invalidation bus is live). */
  usable: () => boolean;
  onError?: (error: unknown) => void;
}

/**
 * Batched refresh-ahead for a GenerationCache: entries in use are read again in the last third of
 * their lifetime, many to one store read, off the request's path, so that a hot entry never
 * expires under its readers and a cache filled in one burst (a restart, a busy minute) is not read
 * again one row per request when its lifetime ends. An entry no one reads late in its life simply
 * expires.
 *
 * The lifetime keeps its meaning (the longest a missed invalidation goes unnoticed): a refreshed
 * entry is as fresh as its read. A read racing an invalidation stores nothing (the cache's
 * generation, as for a read on a miss), and those entries expire as they would have.
 */
export class RefreshAhead<K extends string, V> {
  private readonly waiting = new Set<K>();
  private cancel: Cancel | undefined;
  private reading = false;

  constructor(
    private readonly target: RefreshTarget<K, V>,
    private readonly clock: Clock,
  ) {
    target.cache.onAging({ after: REFRESH_AFTER, aging: (key) => this.note(key) });
  }

  /** Keys collected and not yet read (tests). */
  get pending(): number {
    return this.waiting.size;
  }

  private note(key: K): void {
    this.waiting.add(key);
    this.schedule();
  }

  private schedule(): void {
    if (this.cancel !== undefined || this.reading) return;
    this.cancel = this.clock.after(REFRESH_BATCH_DELAY_MS, () => {
      this.cancel = undefined;
      void this.flush();
    });
  }

  /**
   * Reads every collected key again, REFRESH_BATCH_SIZE at a time, one read after another, with
   * the requests waiting meanwhile answered between two reads.
   */
  async flush(): Promise<void> {
    this.reading = true;
    try {
      for (let first = true; this.waiting.size > 0; first = false) {
        if (!first) await this.clock.sleep(0);
        await this.refresh(this.take());
      }
    } finally {
      this.reading = false;
    }
  }

  private take(): K[] {
    const keys: K[] = [];
    for (const key of this.waiting) {
      this.waiting.delete(key);
      keys.push(key);
      if (keys.length >= REFRESH_BATCH_SIZE) break;
    }
    return keys;
  }

  private async refresh(keys: K[]): Promise<void> {
    const { cache, loadMany, keep, usable } = this.target;
    if (!usable()) return;
    const generation = cache.generation;
    let found: ReadonlyMap<K, V>;
    try {
      found = await loadMany(keys);
    } catch (error) {
      // The entries keep being served until they expire; a later read may try again.
      for (const key of keys) cache.rearm(key);
      this.target.onError?.(error);
      return;
    }
    const gone: K[] = [];
    for (const key of keys) {
      const fresh = found.get(key);
      const value = fresh === undefined ? undefined : keep === undefined ? fresh : keep(key, fresh);
      if (value === undefined) gone.push(key);
      else if (!usable() || !cache.setIfUnchanged(key, value, generation)) cache.rearm(key);
    }
    // After the others: forgetting moves the generation on, which would refuse their values.
    for (const key of gone) cache.delete(key);
  }
}
