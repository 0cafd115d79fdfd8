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
 * Changes the member's name, phone or password. A member deleted meanwhile (the account erased
 * while this request was on its way) changes nothing: AUTH_SESSION_ENDED, as their session has. A password change and the sign-out of every
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
        if (!(await this.members.updateName(input.memberId, change.value.trim(), now))) {
          return failWith('AUTH_SESSION_ENDED');
        }
        break;
      case 'phone_no': {
        const current = await this.members.findById(input.memberId);
        if (current === null) return failWith('AUTH_SESSION_ENDED');
        if (current.phoneNo === change.value) break;
        const owner = await this.members.findByPhone(change.value);
        if (owner !== null) return failWith('MEMBER_PHONE_TAKEN');
        const updated = await this.members.updatePhone(input.memberId, change.value, now);
        if (updated === 'phone_taken') return failWith('MEMBER_PHONE_TAKEN');
        if (updated === 'no_member') return failWith('AUTH_SESSION_ENDED');
        break;
      }
      case 'password': {
        // Hash before the transaction: argon2 is deliberately slow and must not hold row locks.
        const passwordHash = await this.hasher.hash(change.value);
        const changed = await this.uow.run(async ({ members, sessions }) => {
          // The member's row first (the erasure's lock order): no live member, nothing changes.
          if (!(await members.updatePasswordHash(input.memberId, passwordHash, now))) return false;
          // Whoever else holds a session (a stolen token, another device) is signed out.
          await sessions.revokeAllForMember(input.memberId, now, input.sessionId);
          return true;
        });
        if (!changed) return failWith('AUTH_SESSION_ENDED');
        break;
      }
    }
    return ok({ field: change.field });
  }
}
