import { type MemberSessionRecord } from '../../domain/member-sessions';
import { type SessionPurgeCutoffs, type SessionRecord } from '../../domain/session-policy';
import { INVALIDATION_CHANNEL } from '../../ports/invalidation-bus.port';
import { type SessionStore } from '../../ports/session-store.port';
import { type Database, deleteBatch } from './database';

/** A sessions row as the stores read it. */
export interface SessionRow {
  id: string;
  member_id: string;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}

export class PostgresSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  async create(session: {
    id: string;
    memberId: string;
    tokenHash: string;
    now: Date;
    deviceLabel?: string | null;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO sessions (id, member_id, token_hash, created_at, last_seen_at, device_label)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [session.id, session.memberId, session.tokenHash, session.now, session.deviceLabel ?? null],
    );
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    const rows = await this.db.query<SessionRow>(
      `SELECT id, member_id, created_at, last_seen_at, revoked_at
         FROM sessions WHERE token_hash = $1`,
      [tokenHash],
    );
    const row = rows[0];
    return row ? toSessionRecord(row) : null;
  }

  async findManyByTokenHash(
    tokenHashes: readonly string[],
  ): Promise<ReadonlyMap<string, SessionRecord>> {
    const rows = await this.db.query<SessionRow & { token_hash: string }>(
      `SELECT token_hash, id, member_id, created_at, last_seen_at, revoked_at
         FROM sessions WHERE token_hash = ANY($1::text[])`,
      [tokenHashes],
    );
    return new Map(rows.map((row) => [row.token_hash, toSessionRecord(row)]));
  }

  async touchMany(uses: ReadonlyMap<string, Date>): Promise<void> {
    if (uses.size === 0) return;
    // One statement for a whole batch of uses (SessionTouches), GREATEST as in touch.
    await this.db.query(
      `UPDATE sessions s SET last_seen_at = GREATEST(s.last_seen_at, u.at)
         FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
        WHERE s.id = u.id`,
      [[...uses.keys()], [...uses.values()]],
    );
  }

  async touch(id: string, now: Date): Promise<void> {
    // GREATEST keeps last_seen_at from going backwards when requests finish out of order.
    await this.db.query(
      'UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = $1',
      [id, now],
    );
  }

  /*
   * Revocations NOTIFY the instances' session caches from the same statement, so in the same
   * transaction as the UPDATE: PostgreSQL delivers it on commit (never for a rollback), on
   * whichever path revoked (a logout, or a unit of work resetting a password).
   */
  async revoke(id: string, now: Date): Promise<void> {
    await this.db.query(
      `WITH revoked AS (
         UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id)
       SELECT pg_notify($3, 'session:' || id) FROM revoked`,
      [id, now, INVALIDATION_CHANNEL],
    );
  }

  async revokeAllForMember(memberId: string, now: Date, exceptSessionId?: string): Promise<void> {
    await this.db.query(
      `WITH revoked AS (
         UPDATE sessions SET revoked_at = $2
          WHERE member_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)
          RETURNING 1)
       SELECT pg_notify($4, 'member-sessions:' || $1::text) WHERE EXISTS (SELECT 1 FROM revoked)`,
      [memberId, now, exceptSessionId ?? null, INVALIDATION_CHANNEL],
    );
  }

  deleteEnded(cutoffs: SessionPurgeCutoffs, limit: number): Promise<number> {
    // No index on these columns (see migration 003): the table holds about two weeks of logins,
    // and an index on last_seen_at would make every once-a-minute touch a non-HOT update.
    return deleteBatch(
      this.db,
      `DELETE FROM sessions WHERE id IN (
         SELECT id FROM sessions
          WHERE revoked_at < $1 OR last_seen_at < $2 OR created_at < $3
          LIMIT $4)`,
      [cutoffs.revokedBefore, cutoffs.lastSeenBefore, cutoffs.createdBefore, limit],
    );
  }

  async listUnrevokedForMember(memberId: string): Promise<MemberSessionRecord[]> {
    const rows = await this.db.query<SessionRow & { device_label: string | null }>(
      `SELECT id, member_id, created_at, last_seen_at, revoked_at, device_label
         FROM sessions WHERE member_id = $1 AND revoked_at IS NULL`,
      [memberId],
    );
    return rows.map((row) => ({
      id: row.id,
      memberId: row.member_id,
      createdAt: new Date(row.created_at),
      lastSeenAt: new Date(row.last_seen_at),
      revokedAt: null,
      deviceLabel: row.device_label,
    }));
  }

  /** Notifies the other instances from the same statement, as revoke does. */
  async revokeOfMember(memberId: string, sessionId: string, now: Date): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `WITH revoked AS (
         UPDATE sessions SET revoked_at = $3
          WHERE id = $2::uuid AND member_id = $1::uuid AND revoked_at IS NULL RETURNING id)
       SELECT id, pg_notify($4, 'session:' || id) FROM revoked`,
      [memberId, sessionId, now, INVALIDATION_CHANNEL],
    );
    return rows.length > 0;
  }
}

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    memberId: row.member_id,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}
