import { type MemberSessionRecord } from '../../domain/member-sessions';
import { type SessionPurgeCutoffs, type SessionRecord } from '../../domain/session-policy';
import { type SessionStore } from '../../ports/session-store.port';
import {
  foreignKeyViolation,
  type InMemoryTables,
  type UndoJournal,
  uniqueViolation,
} from './in-memory-tables';

/** Sessions in memory, with PostgresSessionStore's rules (unique token hash, member must exist). */
export class InMemorySessionStore implements SessionStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async create(session: {
    id: string;
    memberId: string;
    tokenHash: string;
    now: Date;
    deviceLabel?: string | null;
  }): Promise<void> {
    if (!this.tables.members.has(session.memberId)) {
      throw foreignKeyViolation('sessions_member_id_fkey');
    }
    if (this.tables.sessions.find((row) => row.tokenHash === session.tokenHash).length > 0) {
      throw uniqueViolation('sessions_token_hash_key');
    }
    this.tables.sessions.insert(
      session.id,
      {
        id: session.id,
        memberId: session.memberId,
        tokenHash: session.tokenHash,
        createdAt: session.now,
        lastSeenAt: session.now,
        revokedAt: null,
        deviceLabel: session.deviceLabel ?? null,
      },
      this.journal,
    );
  }

  async findManyByTokenHash(
    tokenHashes: readonly string[],
  ): Promise<ReadonlyMap<string, SessionRecord>> {
    const found = new Map<string, SessionRecord>();
    for (const tokenHash of tokenHashes) {
      const session = await this.findByTokenHash(tokenHash);
      if (session !== null) found.set(tokenHash, session);
    }
    return found;
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    const row = this.tables.sessions.find((session) => session.tokenHash === tokenHash)[0];
    if (row === undefined) return null;
    return {
      id: row.id,
      memberId: row.memberId,
      createdAt: new Date(row.createdAt),
      lastSeenAt: new Date(row.lastSeenAt),
      revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
    };
  }

  async touch(id: string, now: Date): Promise<void> {
    // Never backwards, like GREATEST(last_seen_at, $2): requests may finish out of order.
    this.tables.sessions.update(
      id,
      (row) => (now > row.lastSeenAt ? { ...row, lastSeenAt: now } : row),
      this.journal,
    );
  }

  async revoke(id: string, now: Date): Promise<void> {
    this.tables.sessions.update(
      id,
      (row) => (row.revokedAt === null ? { ...row, revokedAt: now } : row),
      this.journal,
    );
  }

  async revokeAllForMember(memberId: string, now: Date, exceptSessionId?: string): Promise<void> {
    const live = this.tables.sessions.find(
      (row) => row.memberId === memberId && row.revokedAt === null && row.id !== exceptSessionId,
    );
    for (const { id } of live) await this.revoke(id, now);
  }

  async deleteEnded(cutoffs: SessionPurgeCutoffs, limit: number): Promise<number> {
    const ended = this.tables.sessions
      .find(
        (row) =>
          (row.revokedAt !== null && row.revokedAt < cutoffs.revokedBefore) ||
          row.lastSeenAt < cutoffs.lastSeenBefore ||
          row.createdAt < cutoffs.createdBefore,
      )
      .slice(0, limit);
    for (const { id } of ended) this.tables.sessions.delete(id, this.journal);
    return ended.length;
  }

  async listUnrevokedForMember(memberId: string): Promise<MemberSessionRecord[]> {
    return this.tables.sessions
      .find((row) => row.memberId === memberId && row.revokedAt === null)
      .map((row) => ({
        id: row.id,
        memberId: row.memberId,
        createdAt: new Date(row.createdAt),
        lastSeenAt: new Date(row.lastSeenAt),
        revokedAt: null,
        deviceLabel: row.deviceLabel,
      }));
  }

  async revokeOfMember(memberId: string, sessionId: string, now: Date): Promise<boolean> {
    const row = this.tables.sessions.get(sessionId);
    if (row === undefined || row.memberId !== memberId || row.revokedAt !== null) return false;
    await this.revoke(sessionId, now);
    return true;
  }
}
