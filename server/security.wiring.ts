import { type Config } from './config';
import { type Clock } from './ports/clock.port';
import { type LoginFailureStore } from './ports/login-failure-store.port';
import { type MemberRepository } from './ports/member-repository.port';
import { type PasswordHasher } from './ports/password-hasher.port';
import { type Random } from './ports/random.port';
import { type SessionStore } from './ports/session-store.port';
import { type UnitOfWork } from './ports/unit-of-work.port';
import {
  ListMemberSessionsUseCase,
  SignOutOtherSessionsUseCase,
  SignOutSessionUseCase,
} from './use-cases/member-sessions.use-case';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from './use-cases/personal-data.use-case';

/** The use cases of the member's security page: where they are signed in, and their data. */
export interface SecurityUseCases {
  listMemberSessions: ListMemberSessionsUseCase;
  signOutSession: SignOutSessionUseCase;
  signOutOtherSessions: SignOutOtherSessionsUseCase;
  downloadPersonalData: DownloadPersonalDataUseCase;
  deleteAccount: DeleteAccountUseCase;
}

/** The adapters those use cases run on (a subset of the container's). */
export interface SecurityAdapters {
  sessions: SessionStore;
  members: MemberRepository;
  loginFailures: LoginFailureStore;
  unitOfWork: UnitOfWork;
  hasher: PasswordHasher;
  random: Random;
  clock: Clock;
}

/** The security page's use cases, wired by the container's wireUseCases. */
export function wireSecurity(
  adapters: SecurityAdapters,
  config: Pick<Config, 'loginMaxFailures'>,
): SecurityUseCases {
  const { sessions, members, loginFailures, unitOfWork, hasher, random, clock } = adapters;
  return {
    listMemberSessions: new ListMemberSessionsUseCase(sessions, clock),
    signOutSession: new SignOutSessionUseCase(sessions, clock),
    signOutOtherSessions: new SignOutOtherSessionsUseCase(sessions, clock),
    downloadPersonalData: new DownloadPersonalDataUseCase(unitOfWork, clock),
    deleteAccount: new DeleteAccountUseCase(
      members,
      loginFailures,
      unitOfWork,
      hasher,
      clock,
      random,
      config.loginMaxFailures,
    ),
  };
}
