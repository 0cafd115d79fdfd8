import { err, ok, type Result } from '../../contract/result';
import { failureFrom, type Failure } from '../model/failure';
import { toMemberSession, type MemberSession } from '../model/security';
import type { HttpPort } from '../ports/http.port';
import { callForOutcome } from './call-for-outcome';

/** i18n keys of the fallback texts (no answer, say). */
export const SessionsMessages = {
  loadFailed: 'security.sessions.loadFailed',
  signOutFailed: 'security.sessions.signOutFailed',
} as const;

/**
 * Where the member is signed in (GET /user/sessions), most recently active first, and ending one
 * other session or all of them. Another member's session id answers SESSION_NOT_FOUND, like an
 * unknown one.
 */
export class MemberSessionsUseCase {
  constructor(private readonly http: HttpPort) {}

  async list(): Promise<Result<MemberSession[], Failure>> {
    const answer = await this.http.call('memberSessions', undefined);
    if (!answer.ok) return err(failureFrom(answer.error, SessionsMessages.loadFailed));
    return ok(answer.value.sessions.map(toMemberSession));
  }

  signOut(sessionId: string): Promise<Result<void, Failure>> {
    return callForOutcome(
      this.http,
      'signOutSession',
      { session_id: sessionId },
      SessionsMessages.signOutFailed,
    );
  }

  /** How many sessions were ended. */
  async signOutOthers(): Promise<Result<number, Failure>> {
    const answer = await this.http.call('signOutOtherSessions', undefined);
    if (!answer.ok) return err(failureFrom(answer.error, SessionsMessages.signOutFailed));
    return ok(answer.value.signed_out);
  }
}
