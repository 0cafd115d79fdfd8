import { type Member, type MemberProfile, toProfile } from '../domain/member';
import { type MemberRepository } from '../ports/member-repository.port';
import { failWith, ok, type Result, type UseCaseError } from './result';

type SessionUser = Result<Pick<MemberProfile, 'user_id' | 'name' | 'phone_no'>, UseCaseError>;

function sessionUserOf(member: Readonly<Member> | null): SessionUser {
  if (member === null) return failWith('MEMBER_NOT_FOUND');
  return ok({ user_id: member.id, name: member.name, phone_no: member.phoneNo });
}

export class GetProfileUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute(input: { memberId: string }): Promise<Result<MemberProfile, UseCaseError>> {
    const member = await this.members.findById(input.memberId);
    if (member === null) return failWith('MEMBER_NOT_FOUND');
    return ok(toProfile(member));
  }

  /**
   * What a session check answers: the member's id, name and phone, nothing to format;
   * synchronously when the repository holds the member in memory (most checks).
   */
  sessionUser(input: { memberId: string }): SessionUser | Promise<SessionUser> {
    const held = this.members.findHeldById?.(input.memberId);
    if (held !== undefined) return sessionUserOf(held);
    return this.members.findById(input.memberId).then(sessionUserOf);
  }
}
