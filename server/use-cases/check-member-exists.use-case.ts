import { normaliseIcOrPassport } from '../../src/contract/rules';
import { type MemberRepository } from '../ports/member-repository.port';
import { ok, type Result, type UseCaseError } from './result';

export interface CheckMemberExistsOutput {
  canProceed: boolean;
  /** Why not, when `canProceed` is false. */
  reason?: 'MEMBER_PHONE_TAKEN' | 'MEMBER_IC_TAKEN';
}

/** Sign-up step 1: may this phone and IC/passport still register? */
export class CheckMemberExistsUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute(input: {
    phoneNo: string;
    icOrPassport?: string;
  }): Promise<Result<CheckMemberExistsOutput, UseCaseError>> {
    if (await this.members.findByPhone(input.phoneNo)) {
      return ok({ canProceed: false, reason: 'MEMBER_PHONE_TAKEN' });
    }
    if (input.icOrPassport) {
      const icTaken = await this.members.findByIcOrPassport(
        normaliseIcOrPassport(input.icOrPassport),
      );
      if (icTaken) return ok({ canProceed: false, reason: 'MEMBER_IC_TAKEN' });
    }
    return ok({ canProceed: true });
  }
}
