import { type Clock } from '../../ports/clock.port';

export interface TtlCacheOptions {
  /** How long an entry is served after it was read from the store. */
  ttlMs: number;
  /** The oldest entries are dropped beyond this many. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  /** When a read starts to count as late in the entry's life (see `onAging`). */
  agingAt: number;
  /** Whether `onAging` was told of this entry already. */
  aging: boolean;
}

/**
 * Told, once per entry, of the first read in the last part of its life, while it is still
 * served: a refresher reads it again before it expires (RefreshAhead).
 */
export interface AgingListener<K> {
  /** The share of the lifetime after which a read counts as late, between 0 and 1. */
  after: number;
  aging(key: K): void;
}

/**
 * A bounded map whose entries expire on the Clock port (tests move a FakeClock). Eviction is
 * by insertion order: entries live seconds, so first-in is close enough to least-recently-used.
 *
 * Reads racing an invalidation: `generation` changes on every delete or clear, and `setIfUnchanged`
 * stores a value only when no invalidation happened since its read began. Otherwise a read that
 * started before a logout committed could put the live session back after its invalidation.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private currentGeneration = 0;
  private listener: AgingListener<K> | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly options: TtlCacheOptions,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Sets the one listener told of entries read late in their life. */
  onAging(listener: AgingListener<K>): void {
    this.listener = listener;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const now = this.clock.now();
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.agingAt <= now && !entry.aging && this.listener !== undefined) {
      entry.aging = true;
      this.listener.aging(key);
    }
    return entry.value;
  }

  /** The value held for `key`, expired or not, without telling anyone of its age. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores `value` unless an invalidation happened since `generation` was read. */
  setIfUnchanged(key: K, value: V, generation: number): boolean {
    if (generation !== this.currentGeneration) return false;
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, ...this.newLifetime() });
    return true;
  }

  /** An entry's timing from now on: a whole lifetime, with its late part starting afresh. */
  private newLifetime(): Pick<Entry<V>, 'expiresAt' | 'agingAt' | 'aging'> {
    const now = this.clock.now();
    const ttlMs = this.options.ttlMs;
    const agingAt = now + Math.floor(ttlMs * (this.listener?.after ?? 1));
    return { expiresAt: now + ttlMs, agingAt, aging: false };
  }

  /** Lets a present entry be told of again when a later read finds it aging (a refresh failed). */
  rearm(key: K): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) entry.aging = false;
  }

  /**
   * Gives a present entry a whole new lifetime with its value unchanged: for values that can no
   * longer change (a final payment), where reading them again would only return the same.
   */
  extend(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    Object.assign(entry, this.newLifetime());
  }

  /** Replaces a present entry's value, keeping its expiry (a local write the store also got). */
  update(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) entry.value = value;
  }

  delete(key: K): void {
    this.currentGeneration++;
    this.entries.delete(key);
  }

  /** Deletes every entry the predicate picks. */
  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    this.currentGeneration++;
    for (const [key, entry] of this.entries) {
      if (predicate(entry.value, key)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.currentGeneration++;
    this.entries.clear();
  }
}
