import { type MemberSessionRecord } from '../../domain/member-sessions';
import {
  isSessionActiveAt,
  type SessionPurgeCutoffs,
  type SessionRecord,
} from '../../domain/session-policy';
import { type Clock } from '../../ports/clock.port';
import { type SessionStore } from '../../ports/session-store.port';
import { type ReadCaches } from './read-caches';
import { RefreshAhead } from './refresh-ahead';

const copy = (session: SessionRecord): SessionRecord => ({
  ...session,
  createdAt: new Date(session.createdAt),
  lastSeenAt: new Date(session.lastSeenAt),
  revokedAt: session.revokedAt === null ? null : new Date(session.revokedAt),
});

/**
 * A SessionStore that answers token lookups of live sessions from memory for a few seconds,
 * reading the ones in use again, many at once, before they expire (RefreshAhead).
 * Only live sessions are kept; an entry that looks ended (idle or too old by the clock) is read
 * again, since another instance may have used it since. Revocations forget at once here and are
 * published to the other instances (the PostgreSQL store also notifies from inside its UPDATE).
 */
export class CachedSessionStore implements SessionStore {
  /** Reads the sessions in use again before they expire, when the store can read many at once. */
  readonly refreshAhead?: RefreshAhead<string, SessionRecord>;

  constructor(
    private readonly inner: SessionStore,
    private readonly caches: ReadCaches,
    private readonly clock: Clock,
  ) {
    const loadMany = inner.findManyByTokenHash?.bind(inner);
    if (loadMany === undefined) return;
    this.refreshAhead = new RefreshAhead(
      {
        cache: caches.sessions,
        loadMany,
        usable: () => caches.usable,
        keep: (tokenHash, fresh) => this.keepRefreshed(tokenHash, fresh),
      },
      clock,
    );
  }

  /**
   * A session read again by the refresh: kept while live, with the later of its two last uses
   * (a touch written since the read began is already in the cached copy).
   */
  private keepRefreshed(tokenHash: string, fresh: SessionRecord): SessionRecord | undefined {
    if (!isSessionActiveAt(fresh, this.clock.now())) return undefined;
    const cached = this.caches.sessions.peek(tokenHash);
    if (cached !== undefined && cached.lastSeenAt > fresh.lastSeenAt) {
      fresh.lastSeenAt = new Date(cached.lastSeenAt);
    }
    return fresh;
  }

  create(session: Parameters<SessionStore['create']>[0]): Promise<void> {
    return this.inner.create(session);
  }

  findHeldByTokenHash(tokenHash: string): Readonly<SessionRecord> | undefined {
    if (!this.caches.usable) return undefined;
    const cached = this.caches.sessions.get(tokenHash);
    return cached !== undefined && isSessionActiveAt(cached, this.clock.now()) ? cached : undefined;
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    const held = this.findHeldByTokenHash(tokenHash);
    if (held !== undefined) return copy(held);
    const cache = this.caches.sessions;
    const generation = cache.generation;
    const session = await this.inner.findByTokenHash(tokenHash);
    if (session !== null && session.revokedAt === null && this.caches.usable) {
      this.caches.rememberSession(tokenHash, copy(session), generation);
    }
    return session;
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.inner.touch(id, now);
    // Keep the cached copy in step, or every check would see it as due for a touch again.
    const cached = this.caches.sessionById(id);
    if (cached !== undefined && now > cached.lastSeenAt) cached.lastSeenAt = new Date(now);
  }

  async touchMany(uses: ReadonlyMap<string, Date>): Promise<void> {
    if (this.inner.touchMany !== undefined) await this.inner.touchMany(uses);
    else for (const [id, at] of uses) await this.inner.touch(id, at);
    for (const [id, at] of uses) {
      const cached = this.caches.sessionById(id);
      if (cached !== undefined && at > cached.lastSeenAt) cached.lastSeenAt = new Date(at);
    }
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.inner.revoke(id, now);
    await this.caches.invalidate({ kind: 'session', sessionId: id });
  }

  async revokeAllForMember(memberId: string, now: Date, exceptSessionId?: string): Promise<void> {
    await this.inner.revokeAllForMember(memberId, now, exceptSessionId);
    await this.caches.invalidate({ kind: 'member-sessions', memberId });
  }

  deleteEnded(cutoffs: SessionPurgeCutoffs, limit: number): Promise<number> {
    // Only sessions already ended are deleted, and ended sessions are never served from memory.
    return this.inner.deleteEnded(cutoffs, limit);
  }

  listUnrevokedForMember(memberId: string): Promise<MemberSessionRecord[]> {
    // The list is read from the store each time: it is asked for rarely, and must be current.
    return this.inner.listUnrevokedForMember(memberId);
  }

  async revokeOfMember(memberId: string, sessionId: string, now: Date): Promise<boolean> {
    const revoked = await this.inner.revokeOfMember(memberId, sessionId, now);
    if (revoked) await this.caches.invalidate({ kind: 'session', sessionId });
    return revoked;
  }
}
