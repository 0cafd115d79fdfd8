import { type MemberProfile, toProfile } from '../domain/member';
import { type MemberRepository } from '../ports/member-repository.port';
import { failWith, ok, type Result, type UseCaseError } from './result';

export class GetProfileUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute(input: { memberId: string }): Promise<Result<MemberProfile, UseCaseError>> {
    const member = await this.members.findById(input.memberId);
    if (member === null) return failWith('MEMBER_NOT_FOUND');
    return ok(toProfile(member));
  }
}
