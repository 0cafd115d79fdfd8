import { type ErrorCode } from '../../src/contract/errors';
import { type Nationality, normaliseIcOrPassport } from '../../src/contract/rules';
import { type MemberConflict } from '../domain/member';
import { type Clock } from '../ports/clock.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type SmsCodeStore } from '../ports/sms-code-store.port';
import { type Random } from '../ports/random.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from './result';
import { CODE_FAILURE_CODES, hopelessCode, verifyAndConsumeCode } from './verify-sms-code';

export interface RegisterMemberInput {
  name: string;
  nationality: Nationality;
  icOrPassport: string;
  /** Normalised: digits only. */
  phoneNo: string;
  password: string;
  code: string;
}

/** Thrown inside the transaction to roll back the code's use when the insert collides. */
class ConflictRollback extends Error {
  constructor(readonly conflict: MemberConflict) {
    super(conflict);
  }
}

const CONFLICT_CODES = {
  phone_no: 'MEMBER_PHONE_TAKEN',
  ic_or_passport: 'MEMBER_IC_TAKEN',
} as const satisfies Record<MemberConflict, ErrorCode>;

/**
 * Creates a member once a valid registration code for the phone is given. The code's use and
 * the insert share one transaction; a unique-constraint collision (a concurrent duplicate)
 * rolls both back and answers 409, so of two identical requests one wins and one gets 409.
 */
export class RegisterMemberUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly members: MemberRepository,
    private readonly smsCodes: SmsCodeStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly codePolicy: { pepper: string; maxAttempts: number },
  ) {}

  async execute(input: RegisterMemberInput): Promise<Result<{ userId: string }, UseCaseError>> {
    const icOrPassport = normaliseIcOrPassport(input.icOrPassport);
    if (await this.members.findByPhone(input.phoneNo)) {
      return failWith('MEMBER_PHONE_TAKEN');
    }
    if (await this.members.findByIcOrPassport(icOrPassport)) {
      return failWith('MEMBER_IC_TAKEN');
    }
    const now = new Date(this.clock.now());
    const hopeless = await hopelessCode(
      this.smsCodes,
      { phoneNo: input.phoneNo, purpose: 'registration', maxAttempts: this.codePolicy.maxAttempts },
      now,
    );
    if (hopeless) return failWith(CODE_FAILURE_CODES[hopeless]);
    // Hash before the transaction: argon2 is deliberately slow and must not hold row locks.
    const passwordHash = await this.hasher.hash(input.password);
    const id = this.random.uuid();

    try {
      return await this.uow.run(async ({ smsCodes, members }) => {
        const check = await verifyAndConsumeCode(
          smsCodes,
          { phoneNo: input.phoneNo, purpose: 'registration', code: input.code, ...this.codePolicy },
          now,
        );
        if (!check.ok) {
          // A concurrent twin may have consumed the code and registered: report that as 409.
          if (check.error === 'used' && (await members.findByPhone(input.phoneNo))) {
            return failWith('MEMBER_PHONE_TAKEN');
          }
          return failWith(CODE_FAILURE_CODES[check.error]);
        }
        const inserted = await members.insert({
          id,
          name: input.name.trim(),
          nationality: input.nationality,
          icOrPassport,
          phoneNo: input.phoneNo,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted.ok) throw new ConflictRollback(inserted.conflict);
        return ok({ userId: id });
      });
    } catch (error) {
      if (error instanceof ConflictRollback) {
        return failWith(CONFLICT_CODES[error.conflict]);
      }
      throw error;
    }
  }
}
