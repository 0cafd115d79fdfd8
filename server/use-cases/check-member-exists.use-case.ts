import { normaliseIcOrPassport } from '../../src/contract/rules';
import { type MemberRepository } from '../ports/member-repository.port';
import { MESSAGES } from './messages';
import { ok, type Result } from './result';

export interface CheckMemberExistsOutput {
  canProceed: boolean;
  message: string;
}

/** Sign-up step 1: may this phone and IC/passport still register? */
export class CheckMemberExistsUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute(input: {
    phoneNo: string;
    icOrPassport?: string;
  }): Promise<Result<CheckMemberExistsOutput>> {
    if (await this.members.findByPhone(input.phoneNo)) {
      return ok({ canProceed: false, message: MESSAGES.phoneTaken });
    }
    if (input.icOrPassport) {
      const taken = await this.members.findByIcOrPassport(
        normaliseIcOrPassport(input.icOrPassport),
      );
      if (taken) return ok({ canProceed: false, message: MESSAGES.icTaken });
    }
    return ok({ canProceed: true, message: 'You can proceed with registration' });
  }
}
