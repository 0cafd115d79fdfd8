import { type Member, type MemberConflict } from '../domain/member';

export type InsertMemberResult = { ok: true } | { ok: false; conflict: MemberConflict };

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
  updateName(id: string, name: string, now: Date): Promise<void>;
  updatePhone(id: string, phoneNo: string, now: Date): Promise<InsertMemberResult>;
  updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void>;
}
