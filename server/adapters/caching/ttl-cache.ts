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

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
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
    this.entries.set(key, { value, expiresAt: this.clock.now() + this.options.ttlMs });
    return true;
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
