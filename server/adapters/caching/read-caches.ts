import { type Member } from '../../domain/member';
import { type SessionRecord } from '../../domain/session-policy';
import { type Clock } from '../../ports/clock.port';
import { type Invalidation, type InvalidationBus } from '../../ports/invalidation-bus.port';
import { GenerationCache } from './generation-cache';

export interface ReadCacheOptions {
  /** Lifetime of a cached session or member: the longest a missed message could go unnoticed. */
  ttlMs: number;
  maxEntries: number;
}

/** A few thousand members online check every 10 s: 30 s keeps most checks in memory. */
export const DEFAULT_READ_CACHE_OPTIONS: ReadCacheOptions = { ttlMs: 30_000, maxEntries: 50_000 };

/**
 * The session and member caches of one instance, and the one place invalidations reach them:
 * from this instance's own writes (`invalidate`, at once) and from every instance through the bus.
 * While the bus is not live (its connection dropped) the caches are emptied and serve nothing.
 */
export class ReadCaches {
  /** Live sessions by token hash. */
  readonly sessions: GenerationCache<string, SessionRecord>;
  /** Members by id. */
  readonly members: GenerationCache<string, Member>;
  /** Session id to token hash, for touches and logouts (may point at entries gone since). */
  private readonly sessionKeys = new Map<string, string>();
  private readonly maxEntries: number;
  private readonly unsubscribe: () => void;

  constructor(
    readonly bus: InvalidationBus,
    clock: Clock,
    options: ReadCacheOptions = DEFAULT_READ_CACHE_OPTIONS,
  ) {
    this.sessions = new GenerationCache(clock, options);
    this.members = new GenerationCache(clock, options);
    this.maxEntries = options.maxEntries;
    this.unsubscribe = bus.subscribe((event) => this.forget(event));
  }

  /** Whether the caches may be used now. */
  get usable(): boolean {
    return this.bus.live;
  }

  /** Stores a live session read from the store (see GenerationCache.setIfUnchanged). */
  rememberSession(tokenHash: string, session: SessionRecord, generation: number): void {
    if (!this.sessions.setIfUnchanged(tokenHash, session, generation)) return;
    if (this.sessionKeys.size >= this.maxEntries * 2) this.sessionKeys.clear();
    this.sessionKeys.set(session.id, tokenHash);
  }

  /** The cached record of a session by its id, if any. */
  sessionById(sessionId: string): SessionRecord | undefined {
    const tokenHash = this.sessionKeys.get(sessionId);
    const session = tokenHash === undefined ? undefined : this.sessions.get(tokenHash);
    return session?.id === sessionId ? session : undefined;
  }

  /** Forgets locally at once, then tells the other instances. */
  async invalidate(event: Invalidation): Promise<void> {
    this.forget(event);
    // The write it follows has succeeded and must not fail now. A bus that cannot publish has
    // lost its connection, and the other instances' buses then serve nothing from memory either
    // (and session revocations also travel inside their own UPDATE on PostgreSQL).
    await this.bus.publish(event).catch(() => undefined);
  }

  forget(event: Invalidation): void {
    switch (event.kind) {
      case 'session': {
        const tokenHash = this.sessionKeys.get(event.sessionId);
        this.sessionKeys.delete(event.sessionId);
        if (tokenHash !== undefined) this.sessions.delete(tokenHash);
        // Not in the index (never cached here, or the index was trimmed): look through them all.
        else this.sessions.deleteWhere((session) => session.id === event.sessionId);
        break;
      }
      case 'member-sessions':
        this.sessions.deleteWhere((session) => session.memberId === event.memberId);
        break;
      case 'member':
        this.members.delete(event.memberId);
        break;
      case 'payment':
        // The payments' cache (CachedTransactionStore) listens to the bus itself.
        break;
      case 'everything':
        this.sessions.clear();
        this.sessionKeys.clear();
        this.members.clear();
        break;
    }
  }

  close(): void {
    this.unsubscribe();
  }
}
