import { type Clock } from '../ports/clock.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from './result';

/** Exactly one field changes per call (the profile screen edits one at a time). */
export type ProfileChange =
  | { field: 'name'; value: string }
  | { field: 'phone_no'; value: string }
  | { field: 'password'; value: string };

export interface UpdateProfileInput {
  memberId: string;
  sessionId: string;
  change: ProfileChange;
}

/**
 * Changes the member's name, phone or password. A password change and the sign-out of every
 * other session are one transaction: if either write fails (or the connection drops between
 * them), neither happens, so a member told "it failed" still has the old password and no other
 * device stays signed in with a password that was in fact changed.
 */
export class UpdateProfileUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: UpdateProfileInput,
  ): Promise<Result<{ field: ProfileChange['field'] }, UseCaseError>> {
    const now = new Date(this.clock.now());
    const { change } = input;
    switch (change.field) {
      case 'name':
        await this.members.updateName(input.memberId, change.value.trim(), now);
        break;
      case 'phone_no': {
        const current = await this.members.findById(input.memberId);
        if (current?.phoneNo === change.value) break;
        const owner = await this.members.findByPhone(change.value);
        if (owner !== null) return failWith('MEMBER_PHONE_TAKEN');
        const updated = await this.members.updatePhone(input.memberId, change.value, now);
        if (!updated.ok) return failWith('MEMBER_PHONE_TAKEN');
        break;
      }
      case 'password': {
        // Hash before the transaction: argon2 is deliberately slow and must not hold row locks.
        const passwordHash = await this.hasher.hash(change.value);
        await this.uow.run(async ({ members, sessions }) => {
          await members.updatePasswordHash(input.memberId, passwordHash, now);
          // Whoever else holds a session (a stolen token, another device) is signed out.
          await sessions.revokeAllForMember(input.memberId, now, input.sessionId);
        });
        break;
      }
    }
    return ok({ field: change.field });
  }
}
