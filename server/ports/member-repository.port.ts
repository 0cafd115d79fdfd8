import { type Member, type MemberConflict } from '../domain/member';

export type InsertMemberResult = { ok: true } | { ok: false; conflict: MemberConflict };

/** A phone change: done, refused for a phone another member holds, or no live member. */
export type UpdatePhoneResult = 'updated' | 'phone_taken' | 'no_member';

/**
 * Members. An erased member (their account deleted) is no member at all here: no lookup finds
 * them and no update changes them, so a request still in flight when the erasure commits finds
 * nothing to write to.
 */
export interface MemberRepository {
  findById(id: string): Promise<Member | null>;
  /**
   * A member this repository holds in memory, read without waiting (every session check reads
   * one); undefined when it must be asked with findById. Optional, as a repository without a
   * memory of its own has none. Read only.
   */
  findHeldById?(id: string): Readonly<Member> | undefined;
  /** `findById` for many members in one read; an unknown id is absent. Optional, as above. */
  findManyByIds?(ids: readonly string[]): Promise<ReadonlyMap<string, Member>>;
  findByIcOrPassport(icOrPassport: string): Promise<Member | null>;
  findByPhone(phoneNo: string): Promise<Member | null>;
  /** Maps the unique constraints to a conflict instead of throwing. */
  insert(member: Member): Promise<InsertMemberResult>;
  /** The updates answer false (or 'no_member') when no live member has that id. */
  updateName(id: string, name: string, now: Date): Promise<boolean>;
  updatePhone(id: string, phoneNo: string, now: Date): Promise<UpdatePhoneResult>;
  updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<boolean>;
  /**
   * Inside a unit of work: locks the live member's row until the unit ends; false when no live
   * member has that id (erased, or never was). A unit that writes rows of one member (a session,
   * a password and the sessions it ends) calls it first, so every such unit takes the member's
   * lock before any other row's, in the order the erasure takes them: they wait for an erasure
   * in progress and then find no member, and no two of them can deadlock.
   */
  lockLive(id: string): Promise<boolean>;
  /**
   * lockLive for a sign-in: false also when an operator has disabled the member's sign-in, so a
   * disabled member's right password opens no session (it answers as a wrong one).
   */
  lockForSignIn(id: string): Promise<boolean>;
}
