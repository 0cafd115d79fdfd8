import { type MemberSessionRecord } from '../domain/member-sessions';
import { type SessionPurgeCutoffs, type SessionRecord } from '../domain/session-policy';

export interface SessionStore {
  create(session: {
    id: string;
    memberId: string;
    tokenHash: string;
    now: Date;
    /** Already bounded (boundedDeviceLabel); absent or null when unknown. */
    deviceLabel?: string | null;
  }): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  /**
   * A live session this store holds in memory, read without waiting (the session check and the
   * payment poll run on every tab every few seconds); undefined when it must be asked with
   * findByTokenHash. Optional: a store without a memory of its own has none. Read only.
   */
  findHeldByTokenHash?(tokenHash: string): Readonly<SessionRecord> | undefined;
  /**
   * `findByTokenHash` for many sessions in one read, by token hash; a hash no session has is
   * absent. Optional: a cache in front of a store without it reads each session on its own.
   */
  findManyByTokenHash?(tokenHashes: readonly string[]): Promise<ReadonlyMap<string, SessionRecord>>;
  touch(id: string, now: Date): Promise<void>;
  /**
   * `touch` for many sessions in one write, each with its own time (never moving one backwards).
   * Optional: a store without it is touched one session at a time.
   */
  touchMany?(uses: ReadonlyMap<string, Date>): Promise<void>;
  revoke(id: string, now: Date): Promise<void>;
  /** Revokes every live session of a member, except one when given (the caller's own). */
  revokeAllForMember(memberId: string, now: Date, exceptSessionId?: string): Promise<void>;
  /** Deletes up to `limit` sessions that ended before the cut-offs; returns how many. */
  deleteEnded(cutoffs: SessionPurgeCutoffs, limit: number): Promise<number>;
  /** A member's sessions not revoked (expired ones included: the caller applies the clock). */
  listUnrevokedForMember(memberId: string): Promise<MemberSessionRecord[]>;
  /**
   * Revokes one session only when it belongs to `memberId` and is not yet revoked; true when it
   * did. Another member's session id is left alone and answers false, as an unknown one does.
   */
  revokeOfMember(memberId: string, sessionId: string, now: Date): Promise<boolean>;
}
