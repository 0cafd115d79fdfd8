import { type Clock } from '../ports/clock';
import { type PasswordHasher } from '../ports/password-hasher';
import { type UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Result } from './result';
import { CODE_FAILURE_MESSAGES, verifyAndConsumeCode } from './verify-sms-code';

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
export class ResetPassword {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly codePolicy: { pepper: string; maxAttempts: number },
  ) {}

  async execute(input: ResetPasswordInput): Promise<Result<null>> {
    const passwordHash = await this.hasher.hash(input.newPassword);
    const now = this.clock.now();
    return this.uow.run(async ({ smsCodes, members, sessions }) => {
      const check = await verifyAndConsumeCode(
        smsCodes,
        { phoneNo: input.phoneNo, purpose: 'password_reset', code: input.code, ...this.codePolicy },
        now,
      );
      if (!check.ok) {
        return fail({ kind: 'invalid' as const, message: CODE_FAILURE_MESSAGES[check.reason] });
      }
      const member = await members.findByPhone(input.phoneNo);
      if (member === null) {
        return fail({ kind: 'invalid' as const, message: CODE_FAILURE_MESSAGES.missing });
      }
      await members.updatePasswordHash(member.id, passwordHash, now);
      await sessions.revokeAllForMember(member.id, now);
      return ok(null);
    });
  }
}
