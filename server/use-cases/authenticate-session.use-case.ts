import {
  hashSessionToken,
  isSessionActiveAt,
  needsTouchAt,
  type SessionRecord,
} from '../domain/session-policy';
import { type Clock } from '../ports/clock.port';
import { type SessionStore } from '../ports/session-store.port';
import { SessionTouches } from './authenticate-session-touches';
import { failWith, ok, type Result, type UseCaseError } from './result';

export interface AuthenticatedMember {
  id: string;
  sessionId: string;
}

export type Authentication = Result<AuthenticatedMember, UseCaseError>;

/**
 * Resolves a bearer token to a live session and marks it used (sliding idle expiry). The use is
 * only noted in memory here; SessionTouches writes it at most once a minute per session, off the
 * request's path (a check answered from the session cache then touches no database at all).
 */
export class AuthenticateSessionUseCase {
  private readonly touches: SessionTouches;

  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    onTouchError: (error: unknown) => void = () => undefined,
  ) {
    this.touches = new SessionTouches(sessions, clock, onTouchError);
  }

  /**
   * The answer, synchronously when the store holds the session in memory (no promise, no wait:
   * most checks), else once the store has read it.
   */
  execute(input: { token: string }): Authentication | Promise<Authentication> {
    const tokenHash = hashSessionToken(input.token);
    const held = this.sessions.findHeldByTokenHash?.(tokenHash);
    if (held !== undefined) return this.admit(held);
    return this.sessions
      .findByTokenHash(tokenHash)
      .then((stored) => (stored === null ? failWith('AUTH_SESSION_ENDED') : this.admit(stored)));
  }

  private admit(stored: Readonly<SessionRecord>): Authentication {
    const now = this.clock.now();
    // A use noted here but not yet written counts: idle expiry runs from the latest use. It is
    // looked up only when the stored last use alone would end the session or call for a touch:
    // a later use can only keep a session alive longer, and most checks need neither.
    if (isSessionActiveAt(stored, now) && !needsTouchAt(stored, now)) {
      return ok({ id: stored.memberId, sessionId: stored.id });
    }
    const noted = this.touches.latestUse(stored.id);
    const session =
      noted !== undefined && noted > stored.lastSeenAt ? { ...stored, lastSeenAt: noted } : stored;
    if (!isSessionActiveAt(session, now)) return failWith('AUTH_SESSION_ENDED');
    if (needsTouchAt(session, now)) this.touches.record(session.id, new Date(now));
    return ok({ id: session.memberId, sessionId: session.id });
  }

  /** Writes the uses still held in memory (called when the instance stops). */
  close(): Promise<void> {
    return this.touches.close();
  }
}
