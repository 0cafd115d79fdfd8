import { hash } from 'node:crypto';

/**
 * Sessions end after 12 hours without use (idle) or 7 days after login (absolute), whichever
 * comes first; logout, a password reset and a password change revoke them earlier.
 */
export const SESSION_IDLE_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionRecord {
  id: string;
  memberId: string;
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

export function isSessionActive(session: SessionRecord, now: Date): boolean {
  return isSessionActiveAt(session, now.getTime());
}

/** `isSessionActive` at a time in epoch milliseconds (every check asks: no Date to build). */
export function isSessionActiveAt(session: SessionRecord, nowMs: number): boolean {
  return (
    session.revokedAt === null &&
    nowMs - session.lastSeenAt.getTime() < SESSION_IDLE_TTL_MS &&
    nowMs - session.createdAt.getTime() < SESSION_ABSOLUTE_TTL_MS
  );
}

/**
 * Retention: a session row is deleted 7 days after it ended (revoked, idle or absolute expiry,
 * whichever came first). An ended session is refused whether its row is there or not (same 401),
 * so the margin only keeps recent history for support questions.
 */
export const SESSION_RETENTION_AFTER_END_MS = 7 * 24 * 60 * 60 * 1000;

/** When a session stopped being usable: revocation, idle expiry or absolute expiry. */
export function sessionEndedAt(session: SessionRecord): Date {
  const ends = [
    session.lastSeenAt.getTime() + SESSION_IDLE_TTL_MS,
    session.createdAt.getTime() + SESSION_ABSOLUTE_TTL_MS,
  ];
  if (session.revokedAt !== null) ends.push(session.revokedAt.getTime());
  return new Date(Math.min(...ends));
}

export function isSessionPurgeable(session: SessionRecord, now: Date): boolean {
  return sessionEndedAt(session).getTime() < now.getTime() - SESSION_RETENTION_AFTER_END_MS;
}

/**
 * The same rule as column cut-offs for one query: a session is purgeable exactly when
 * `revoked_at < revokedBefore OR last_seen_at < lastSeenBefore OR created_at < createdBefore`.
 */
export interface SessionPurgeCutoffs {
  revokedBefore: Date;
  lastSeenBefore: Date;
  createdBefore: Date;
}

export function sessionPurgeCutoffs(now: Date): SessionPurgeCutoffs {
  const endedBefore = now.getTime() - SESSION_RETENTION_AFTER_END_MS;
  return {
    revokedBefore: new Date(endedBefore),
    lastSeenBefore: new Date(endedBefore - SESSION_IDLE_TTL_MS),
    createdBefore: new Date(endedBefore - SESSION_ABSOLUTE_TTL_MS),
  };
}

/**
 * Idle expiry is measured in hours, so recording every use (a session check each 10 s per tab)
 * would be a write per request for nothing: a use is recorded once a minute at most.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** Whether a use at `nowMs` (epoch milliseconds) is due to be written as the session's last use. */
export function needsTouchAt(session: SessionRecord, nowMs: number): boolean {
  return nowMs - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

/** Tokens are stored only as their sha256, so a database leak yields no usable session. */
export function hashSessionToken(token: string): string {
  // The one-shot hash: every authenticated request takes one, and it allocates no Hash object.
  return hash('sha256', token, 'hex');
}
