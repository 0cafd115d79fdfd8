import { liveSessionsFirstActive, type MemberSessionRecord } from '../domain/member-sessions';
import { isSessionActive } from '../domain/session-policy';
import { type Clock } from '../ports/clock.port';
import { type SessionStore } from '../ports/session-store.port';
import { failWith, ok, type Result, type UseCaseError } from './result';

export interface SessionOwner {
  memberId: string;
  /** The session asking. */
  sessionId: string;
}

/** One of the member's live sessions, and whether it is the one asking. */
export interface LiveSession {
  session: MemberSessionRecord;
  current: boolean;
}

/** The member's live sessions, most recently active first, the asking one marked `current`. */
export class ListMemberSessionsUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: SessionOwner): Promise<Result<LiveSession[], UseCaseError>> {
    const now = new Date(this.clock.now());
    const live = liveSessionsFirstActive(
      await this.sessions.listUnrevokedForMember(input.memberId),
      now,
    );
    return ok(live.map((session) => ({ session, current: session.id === input.sessionId })));
  }
}

/**
 * Ends one of the member's sessions (the caches of every instance forget it through the store).
 * An id that is not one of the member's live sessions, another member's included, answers
 * SESSION_NOT_FOUND alike, so ids of other members' sessions cannot be probed.
 */
export class SignOutSessionUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: SessionOwner & { targetSessionId: string },
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    const mine = await this.sessions.listUnrevokedForMember(input.memberId);
    const target = mine.find((session) => session.id === input.targetSessionId);
    // An expired session is already signed out: nothing to end, same answer as an unknown one.
    if (target === undefined || !isSessionActive(target, now)) {
      return failWith('SESSION_NOT_FOUND');
    }
    const revoked = await this.sessions.revokeOfMember(input.memberId, target.id, now);
    return revoked ? ok(null) : failWith('SESSION_NOT_FOUND');
  }
}

/** "Sign out of all other devices": every live session of the member but the asking one. */
export class SignOutOtherSessionsUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: SessionOwner): Promise<Result<{ signedOut: number }, UseCaseError>> {
    const now = new Date(this.clock.now());
    const others = liveSessionsFirstActive(
      await this.sessions.listUnrevokedForMember(input.memberId),
      now,
    ).filter((session) => session.id !== input.sessionId);
    await this.sessions.revokeAllForMember(input.memberId, now, input.sessionId);
    return ok({ signedOut: others.length });
  }
}
