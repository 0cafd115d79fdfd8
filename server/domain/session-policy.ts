import { createHash } from 'node:crypto';

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
  if (session.revokedAt !== null) return false;
  const t = now.getTime();
  return (
    t - session.lastSeenAt.getTime() < SESSION_IDLE_TTL_MS &&
    t - session.createdAt.getTime() < SESSION_ABSOLUTE_TTL_MS
  );
}

/**
 * Idle expiry is measured in hours, so recording every use (a session check each 10 s per tab)
 * would be a write per request for nothing: a use is recorded once a minute at most.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export function needsTouch(session: SessionRecord, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

/** Tokens are stored only as their sha256, so a database leak yields no usable session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
