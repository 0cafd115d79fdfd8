import { type Clock } from '../ports/clock.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type SmsCodeStore } from '../ports/sms-code-store.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from './result';
import { CODE_FAILURE_CODES, hopelessCode, verifyAndConsumeCode } from './verify-sms-code';

export interface ResetPasswordInput {
  /** Normalised: digits only. */
  phoneNo: string;
  code: string;
  newPassword: string;
}

/**
 * Sets a new password with a password-reset code and revokes every session of the member, all
 * in one transaction. An unknown phone fails exactly like a phone with no code requested.
 */
export class ResetPasswordUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly smsCodes: SmsCodeStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly codePolicy: { pepper: string; maxAttempts: number },
  ) {}

  async execute(input: ResetPasswordInput): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    const hopeless = await hopelessCode(
      this.smsCodes,
      {
        phoneNo: input.phoneNo,
        purpose: 'password_reset',
        maxAttempts: this.codePolicy.maxAttempts,
      },
      now,
    );
    if (hopeless) return failWith(CODE_FAILURE_CODES[hopeless]);
    // Hash before the transaction: argon2 is deliberately slow and must not hold row locks.
    const passwordHash = await this.hasher.hash(input.newPassword);
    return this.uow.run(async ({ smsCodes, members, sessions }) => {
      // The member's row is locked before the code's (the erasure's lock order, so the two never
      // deadlock); whether there is one is answered only after the code, as before.
      const owner = await members.findByPhone(input.phoneNo);
      const member = owner !== null && (await members.lockLive(owner.id)) ? owner : null;
      const check = await verifyAndConsumeCode(
        smsCodes,
        { phoneNo: input.phoneNo, purpose: 'password_reset', code: input.code, ...this.codePolicy },
        now,
      );
      if (!check.ok) {
        return failWith(CODE_FAILURE_CODES[check.error]);
      }
      if (member === null || !(await members.updatePasswordHash(member.id, passwordHash, now))) {
        return failWith(CODE_FAILURE_CODES.missing);
      }
      await sessions.revokeAllForMember(member.id, now);
      return ok(null);
    });
  }
}
