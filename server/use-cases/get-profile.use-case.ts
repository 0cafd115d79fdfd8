import { type MemberProfile, toProfile } from '../domain/member';
import { type MemberRepository } from '../ports/member-repository.port';
import { fail, ok, type Result } from './result';

export class GetProfileUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute(input: { memberId: string }): Promise<Result<MemberProfile>> {
    const member = await this.members.findById(input.memberId);
    if (member === null) return fail({ kind: 'not_found', message: 'Member not found.' });
    return ok(toProfile(member));
  }
}
