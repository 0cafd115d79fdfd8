import { type Config } from '../config';
import { type Clock } from '../ports/clock.port';
import { type Logger } from '../ports/logger.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type Random } from '../ports/random.port';
import { type SessionStore } from '../ports/session-store.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import {
  ListMemberSessionsUseCase,
  SignOutOtherSessionsUseCase,
  SignOutSessionUseCase,
} from '../use-cases/member-sessions.use-case';
import { PasswordConfirmation } from '../use-cases/confirm-password';
import { PasskeyConfirmation } from '../use-cases/confirm-passkey';
import { ManagePasskeysUseCase } from '../use-cases/manage-passkeys.use-case';
import { PasskeyLoginUseCase } from '../use-cases/passkey-login.use-case';
import { PasskeyRegistrationUseCase } from '../use-cases/passkey-registration.use-case';
import { type RelyingPartyConfig } from '../use-cases/passkey-support';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from '../use-cases/personal-data.use-case';

/** The use cases of the member's security page: where they are signed in, and their data. */
export interface SecurityUseCases {
  listMemberSessions: ListMemberSessionsUseCase;
  signOutSession: SignOutSessionUseCase;
  signOutOtherSessions: SignOutOtherSessionsUseCase;
  downloadPersonalData: DownloadPersonalDataUseCase;
  deleteAccount: DeleteAccountUseCase;
  passkeyRegistration: PasskeyRegistrationUseCase;
  passkeyLogin: PasskeyLoginUseCase;
  managePasskeys: ManagePasskeysUseCase;
  /** A passkey asked again before a sensitive step (its options route). */
  passkeyConfirmation: PasskeyConfirmation;
}

/** The stores the security page adds to the container's. */
export interface SecurityStores {
  passkeys: PasskeyStore;
}

/** The adapters those use cases run on (a subset of the container's). */
export interface SecurityAdapters extends SecurityStores {
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
  config: Pick<Config, 'loginMaxFailures' | 'merchantName' | 'publicUrl'>,
  logger: Logger,
): SecurityUseCases {
  const { sessions, members, loginFailures, unitOfWork, hasher, random, clock, passkeys } =
    adapters;
  // Read per use: PUBLIC_URL may be set after listen (as in tests).
  const relyingParty: RelyingPartyConfig = {
    name: () => config.merchantName,
    publicUrl: () => config.publicUrl,
  };
  const log = (message: string) => logger.warn({}, `security: ${message}`);
  const password = new PasswordConfirmation(
    loginFailures,
    hasher,
    clock,
    random,
    config.loginMaxFailures,
  );
  const passkeyConfirmation = new PasskeyConfirmation(passkeys, clock, relyingParty, log);
  return {
    listMemberSessions: new ListMemberSessionsUseCase(sessions, clock),
    signOutSession: new SignOutSessionUseCase(sessions, clock),
    signOutOtherSessions: new SignOutOtherSessionsUseCase(sessions, clock),
    downloadPersonalData: new DownloadPersonalDataUseCase(unitOfWork, clock),
    deleteAccount: new DeleteAccountUseCase(
      members,
      password,
      unitOfWork,
      hasher,
      clock,
      random,
      passkeyConfirmation,
    ),
    passkeyRegistration: new PasskeyRegistrationUseCase(
      members,
      passkeys,
      password,
      clock,
      random,
      relyingParty,
      log,
    ),
    passkeyLogin: new PasskeyLoginUseCase(
      members,
      passkeys,
      loginFailures,
      unitOfWork,
      clock,
      random,
      config.loginMaxFailures,
      relyingParty,
      log,
    ),
    managePasskeys: new ManagePasskeysUseCase(passkeys),
    passkeyConfirmation,
  };
}
