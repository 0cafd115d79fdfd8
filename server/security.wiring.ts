import { type Clock } from './ports/clock.port';
import { type SessionStore } from './ports/session-store.port';
import {
  ListMemberSessionsUseCase,
  SignOutOtherSessionsUseCase,
  SignOutSessionUseCase,
} from './use-cases/member-sessions.use-case';

/** The use cases of the member's security page: where they are signed in. */
export interface SecurityUseCases {
  listMemberSessions: ListMemberSessionsUseCase;
  signOutSession: SignOutSessionUseCase;
  signOutOtherSessions: SignOutOtherSessionsUseCase;
}

/** The security page's use cases, wired by the container's wireUseCases. */
export function wireSecurity(adapters: { sessions: SessionStore; clock: Clock }): SecurityUseCases {
  const { sessions, clock } = adapters;
  return {
    listMemberSessions: new ListMemberSessionsUseCase(sessions, clock),
    signOutSession: new SignOutSessionUseCase(sessions, clock),
    signOutOtherSessions: new SignOutOtherSessionsUseCase(sessions, clock),
  };
}
