import { type SessionPurgeCutoffs, type SessionRecord } from '../domain/session-policy';

export interface SessionStore {
  create(session: { id: string; memberId: string; tokenHash: string; now: Date }): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  touch(id: string, now: Date): Promise<void>;
  revoke(id: string, now: Date): Promise<void>;
  /** Revokes every live session of a member, except one when given (the caller's own). */
  revokeAllForMember(memberId: string, now: Date, exceptSessionId?: string): Promise<void>;
  /** Deletes up to `limit` sessions that ended before the cut-offs; returns how many. */
  deleteEnded(cutoffs: SessionPurgeCutoffs, limit: number): Promise<number>;
}
