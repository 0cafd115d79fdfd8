import type { Clock } from './ports/clock.port';
import type { Result } from '../contract/result';

/** A cached query is kept 5 minutes after its last use. */
export const QUERY_CACHE_TIME_MS = 5 * 60_000;
/** A failed query is retried 3 times... */
export const QUERY_RETRIES = 3;
/** ...after 1 s, 2 s, 4 s, ... (exponential, capped at 30 s). */
export const queryRetryDelayMs = (failureCount: number): number =>
  Math.min(1000 * 2 ** failureCount, 30_000);

export interface QueryCacheOptions {
  cacheTimeMs: number;
  retries: number;
  retryDelayMs: (failureCount: number) => number;
}

/** One read of a query: a value to keep, or a failure that says whether trying again may help. */
export type QueryAttempt<T, E> = Result<T, { failure: E; retryable: boolean }>;

interface Entry {
  value?: unknown;
  lastUsed: number;
  inFlight?: Promise<Result<unknown, unknown>>;
  /** Ends the wait before the next retry (the read then settles with its last failure). */
  stopWaiting?: () => void;
}

/**
 * The app's data cache for reads (the profile, a transaction), on Clock:
 * - fetch() always asks the server (nothing is served stale in place of an answer), joins a read
 *   of the same key already under way, and retries a retryable failure 3 times with exponential
 *   delays capped at 30 s;
 * - the last value read is kept, for peek(), until 5 minutes after the key was last used.
 * Expired entries are dropped whenever the cache is used, so it needs no timer of its own.
 */
export class QueryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly options: QueryCacheOptions;

  constructor(
    private readonly clock: Clock,
    options: Partial<QueryCacheOptions> = {},
  ) {
    this.options = {
      cacheTimeMs: QUERY_CACHE_TIME_MS,
      retries: QUERY_RETRIES,
      retryDelayMs: queryRetryDelayMs,
      ...options,
    };
  }

  /** The last value read for this key, if it was used within the cache time; counts as a use. */
  peek<T>(key: string): T | undefined {
    const entry = this.use(key);
    return entry?.value as T | undefined;
  }

  /** Reads the query (with retries) and keeps a value read; the failure after the last retry. */
  fetch<T, E>(key: string, read: () => Promise<QueryAttempt<T, E>>): Promise<Result<T, E>> {
    const entry = this.use(key) ?? { lastUsed: this.clock.now() };
    this.entries.set(key, entry);
    if (entry.inFlight) return entry.inFlight as Promise<Result<T, E>>;
    const inFlight = this.readWithRetries(entry, read).then((result) => {
      entry.inFlight = undefined;
      entry.lastUsed = this.clock.now();
      if (result.ok) entry.value = result.value;
      return result;
    });
    entry.inFlight = inFlight;
    return inFlight;
  }

  /**
   * Nobody waits for this key's read any more (the screen left): a retry not yet made is not
   * made, and its timer goes; the read settles with its last failure.
   */
  cancel(key: string): void {
    this.entries.get(key)?.stopWaiting?.();
  }

  /** Forgets everything and cancels every waiting retry (the member's session ended). */
  clear(): void {
    for (const entry of this.entries.values()) entry.stopWaiting?.();
    this.entries.clear();
  }

  /** Keys still held (for tests and diagnostics). */
  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  private async readWithRetries<T, E>(
    entry: Entry,
    read: () => Promise<QueryAttempt<T, E>>,
  ): Promise<Result<T, E>> {
    for (let failureCount = 0; ; failureCount++) {
      const attempt = await read();
      if (attempt.ok) return attempt;
      const failed: Result<T, E> = { ok: false, error: attempt.error.failure };
      if (!attempt.error.retryable || failureCount >= this.options.retries) return failed;
      if (!(await this.wait(entry, this.options.retryDelayMs(failureCount)))) return failed;
    }
  }

  /** Resolves true after ms, or false as soon as the wait is cancelled. */
  private wait(entry: Entry, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const cancelTimer = this.clock.after(ms, () => {
        entry.stopWaiting = undefined;
        resolve(true);
      });
      entry.stopWaiting = () => {
        cancelTimer();
        entry.stopWaiting = undefined;
        resolve(false);
      };
    });
  }

  private use(key: string): Entry | undefined {
    this.sweep();
    const entry = this.entries.get(key);
    if (entry) entry.lastUsed = this.clock.now();
    return entry;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.entries) {
      if (!entry.inFlight && now - entry.lastUsed >= this.options.cacheTimeMs) {
        this.entries.delete(key);
      }
    }
  }
}
