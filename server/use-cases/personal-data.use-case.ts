import { formatSen } from '../../src/contract/money';
import { type PersonalDataExport } from '../../src/contract/personal-data';
import { erasedMemberFields, isDeletionConfirmed } from '../domain/personal-data';
import { type Clock } from '../ports/clock.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { type PasswordConfirmation } from './confirm-password';
import { type PasskeyConfirmation } from './confirm-passkey';
import { type PasskeyAuthenticationCredential } from '../../src/contract/passkeys';
import { failWith, ok, type Result, type UseCaseError } from './result';

const iso = (date: Date) => date.toISOString();

/** "Download my data": read in one transaction, so the parts agree with each other. */
export class DownloadPersonalDataUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { memberId: string }): Promise<Result<PersonalDataExport, UseCaseError>> {
    const records = await this.uow.run(({ personalData }) =>
      personalData.recordsOf(input.memberId),
    );
    if (records === null) return failWith('MEMBER_NOT_FOUND');
    const { member } = records;
    return ok({
      exported_at: iso(new Date(this.clock.now())),
      profile: {
        user_id: member.id,
        name: member.name,
        nationality: member.nationality,
        ic_or_passport: member.icOrPassport,
        phone_no: member.phoneNo,
        created_at: iso(member.createdAt),
        updated_at: iso(member.updatedAt),
      },
      sessions: records.sessions.map((session) => ({
        device: session.deviceLabel,
        started_at: iso(session.createdAt),
        last_active_at: iso(session.lastSeenAt),
        signed_out_at: session.revokedAt === null ? null : iso(session.revokedAt),
      })),
      payments: records.payments.map((payment) => ({
        payment_id: payment.transactionId,
        amount: formatSen(payment.amountSen),
        currency: 'MYR',
        payment_method: payment.paymentMethod,
        status: payment.status,
        created_at: iso(payment.createdAt),
        finalised_at: payment.finalisedAt === null ? null : iso(payment.finalisedAt),
        receipt_number: payment.receiptNumber,
        refunds: payment.refunds.map((refund) => ({
          amount: formatSen(refund.amountSen),
          status: refund.status,
          requested_at: iso(refund.requestedAt),
          refunded_at: refund.refundedAt === null ? null : iso(refund.refundedAt),
        })),
      })),
      sms_codes_sent: records.smsCodesSent.map((sent) => ({
        purpose: sent.purpose,
        sent_at: iso(sent.sentAt),
      })),
      passkeys: records.passkeys.map((passkey) => ({
        name: passkey.name,
        created_at: iso(passkey.createdAt),
        last_used_at: passkey.lastUsedAt === null ? null : iso(passkey.lastUsedAt),
      })),
    });
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
        message: 'confirmation: type DELETE to confirm.',
      });
    }
    if ((input.password === undefined) === (input.passkey === undefined)) {
      return failWith('VALIDATION_FAILED', {
        field: 'password',
        message: 'password: give the password or a passkey, not both.',
      });
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
