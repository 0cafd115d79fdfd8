import { hashSessionToken, isSessionActive, needsTouch } from '../domain/session-policy';
import { type Clock } from '../ports/clock.port';
import { type SessionStore } from '../ports/session-store.port';
import { failWith, ok, type Result, type UseCaseError } from './result';

export interface AuthenticatedMember {
  id: string;
  sessionId: string;
}

/** Resolves a bearer token to a live session and marks it used (sliding idle expiry, once a minute). */
export class AuthenticateSessionUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string }): Promise<Result<AuthenticatedMember, UseCaseError>> {
    const now = new Date(this.clock.now());
    const session = await this.sessions.findByTokenHash(hashSessionToken(input.token));
    if (session === null || !isSessionActive(session, now)) {
      return failWith('AUTH_SESSION_ENDED');
    }
    if (needsTouch(session, now)) await this.sessions.touch(session.id, now);
    return ok({ id: session.memberId, sessionId: session.id });
  }
}
