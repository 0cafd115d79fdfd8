import {
  erasedMemberFields,
  isDeletionConfirmed,
  type PersonalDataRecords,
} from '../domain/personal-data';
import { type Clock } from '../ports/clock.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { type PasswordConfirmation } from './confirm-password';
import { type PasskeyConfirmation } from './confirm-passkey';
import { type PasskeyAuthenticationCredential } from '../../src/contract/passkeys';
import { failWith, ok, type Result, type UseCaseError } from './result';

/** Everything kept about a member, and when it was read (the route writes the download). */
export type PersonalDataCopy = PersonalDataRecords & { exportedAt: Date };

/** "Download my data": read in one transaction, so the parts agree with each other. */
export class DownloadPersonalDataUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { memberId: string }): Promise<Result<PersonalDataCopy, UseCaseError>> {
    const records = await this.uow.run(({ personalData }) =>
      personalData.recordsOf(input.memberId),
    );
    if (records === null) return failWith('MEMBER_NOT_FOUND');
    return ok({ ...records, exportedAt: new Date(this.clock.now()) });
  }
}

export interface DeleteAccountInput {
  memberId: string;
  /** Exactly one of the password and a passkey's answer confirms the member. */
  password?: string;
  passkey?: PasskeyAuthenticationCredential;
  confirmation: string;
}

/**
 * "Delete my account", after the typed confirmation and the password (PasswordConfirmation: tries
 * count with the login throttle) or a passkey. The erasure is one unit of work: the member's row,
 * their sessions, passkeys and codes go together, or nothing changes. A login, profile change,
 * payment or passkey of that member still in flight waits for it on the member's row lock and then
 * finds no member (MemberRepository.lockLive).
 */
export class DeleteAccountUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly password: PasswordConfirmation,
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly passkey: PasskeyConfirmation,
  ) {}

  async execute(input: DeleteAccountInput): Promise<Result<null, UseCaseError>> {
    if (!isDeletionConfirmed(input.confirmation)) {
      return failWith('VALIDATION_FAILED', {
        field: 'confirmation',
        reason: 'deletion-not-confirmed',
      });
    }
    if ((input.password === undefined) === (input.passkey === undefined)) {
      return failWith('VALIDATION_FAILED', { field: 'password', reason: 'password-or-passkey' });
    }
    const member = await this.members.findById(input.memberId);
    if (member === null) return failWith('MEMBER_NOT_FOUND');
    const confirmed =
      input.passkey === undefined
        ? await this.password.confirm(member, input.password ?? '')
        : await this.passkey.confirm(member.id, input.passkey);
    if (!confirmed.ok) return confirmed;

    const now = new Date(this.clock.now());
    // A hash of a secret nobody keeps: the erased row can never be logged into.
    const unusable = await this.hasher.hash(this.random.sessionToken());
    // The erasure deletes every session of the member in the same transaction, after locking
    // the member's row first; the caches of every instance forget them once it has committed.
    const erased = await this.uow.run(({ personalData }) =>
      personalData.erase(member.id, erasedMemberFields(member.id, unusable), now),
    );
    return erased ? ok(null) : failWith('MEMBER_NOT_FOUND');
  }
}
