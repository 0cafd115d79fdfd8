import { LRUCache } from 'lru-cache';
import { type Clock } from '../../ports/clock.port';

export interface GenerationCacheOptions {
  /** How long an entry is served after it was read from the store. */
  ttlMs: number;
  /** The least recently used entries are dropped beyond this many. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
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
 * An lru-cache (bounded, least recently used dropped first, entries expiring on the Clock port so
 * that tests move a FakeClock) with the one guarantee the read caches add to it.
 *
 * Reads racing an invalidation: `generation` changes on every delete or clear, and
 * `setIfUnchanged` stores a value only when no invalidation happened since its read began.
 * Otherwise a read that started before a logout committed could put the live session back after
 * its invalidation.
 */
export class GenerationCache<K extends string, V> {
  private readonly entries: LRUCache<K, Entry<V>>;
  private currentGeneration = 0;
  private listener: AgingListener<K> | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly options: GenerationCacheOptions,
  ) {
    this.entries = new LRUCache<K, Entry<V>>({
      // Bounded by size, each entry counting one, rather than by `max`: with `max` lru-cache
      // allocates every slot up front (about 20 ms of CPU and 2 MB for 50,000, at each start of
      // each cache), by size its storage grows with the entries.
      maxSize: options.maxEntries,
      sizeCalculation: () => 1,
      // lru-cache serves an entry while its age is at most `ttl`; a lifetime of ttlMs ends when
      // the age reaches it, on a clock that counts whole milliseconds.
      ttl: Math.max(1, options.ttlMs - 1),
      // Every read asks the clock (no timer caching its time): a FakeClock's moves count at once.
      ttlResolution: 0,
      perf: { now: () => clock.now() },
    });
  }

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
    if (!entry.aging && this.listener !== undefined && entry.agingAt <= this.clock.now()) {
      entry.aging = true;
      this.listener.aging(key);
    }
    return entry.value;
  }

  /** The value held for `key`, expired or not, without telling anyone of its age. */
  peek(key: K): V | undefined {
    return this.entries.peek(key, { allowStale: true })?.value;
  }

  /** Stores `value` unless an invalidation happened since `generation` was read. */
  setIfUnchanged(key: K, value: V, generation: number): boolean {
    if (generation !== this.currentGeneration) return false;
    this.entries.set(key, { value, agingAt: this.agingAt(), aging: false });
    return true;
  }

  /** When an entry whose lifetime starts now begins to count as aging. */
  private agingAt(): number {
    return this.clock.now() + Math.floor(this.options.ttlMs * (this.listener?.after ?? 1));
  }

  /** Lets a present entry be told of again when a later read finds it aging (a refresh failed). */
  rearm(key: K): void {
    const entry = this.entries.peek(key);
    if (entry !== undefined) entry.aging = false;
  }

  /**
   * Gives a present entry a whole new lifetime with its value unchanged: for values that can no
   * longer change (a final payment), where reading them again would only return the same.
   */
  extend(key: K): void {
    const entry = this.entries.peek(key);
    if (entry === undefined) return;
    entry.agingAt = this.agingAt();
    entry.aging = false;
    // Set again, the same entry starts a new lifetime.
    this.entries.set(key, entry);
  }

  /** Replaces a present entry's value, keeping its expiry (a local write the store also got). */
  update(key: K, value: V): void {
    const entry = this.entries.peek(key);
    if (entry !== undefined) entry.value = value;
  }

  delete(key: K): void {
    this.currentGeneration++;
    this.entries.delete(key);
  }

  /** Deletes every entry the predicate picks. */
  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    this.currentGeneration++;
    const picked: K[] = [];
    this.entries.forEach((entry, key) => {
      if (predicate(entry.value, key)) picked.push(key);
    });
    for (const key of picked) this.entries.delete(key);
  }

  clear(): void {
    this.currentGeneration++;
    this.entries.clear();
  }
}
