import { type Member } from '../../domain/member';
import { isErasedMember } from '../../domain/personal-data';
import {
  type InsertMemberResult,
  type MemberRepository,
  type UpdatePhoneResult,
} from '../../ports/member-repository.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/**
 * Members in memory, with the schema's two unique keys: IC/passport and phone. A collision is a
 * conflict result, never a throw, as from PostgresMemberRepository; when both collide the
 * IC/passport is reported, as PostgreSQL checks that index first.
 */
export class InMemoryMemberRepository implements MemberRepository {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async findById(id: string): Promise<Member | null> {
    return this.live(id) ?? null;
  }

  async findManyByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Member>> {
    const found = new Map<string, Member>();
    for (const id of ids) {
      const member = this.live(id);
      if (member !== undefined) found.set(id, member);
    }
    return found;
  }

  async findByIcOrPassport(icOrPassport: string): Promise<Member | null> {
    return this.findOne((member) => member.icOrPassport === icOrPassport);
  }

  async findByPhone(phoneNo: string): Promise<Member | null> {
    return this.findOne((member) => member.phoneNo === phoneNo);
  }

  async insert(member: Member): Promise<InsertMemberResult> {
    if (this.tables.members.has(member.id)) return { ok: false, conflict: 'ic_or_passport' };
    if (this.taken((other) => other.icOrPassport === member.icOrPassport)) {
      return { ok: false, conflict: 'ic_or_passport' };
    }
    if (this.taken((other) => other.phoneNo === member.phoneNo)) {
      return { ok: false, conflict: 'phone_no' };
    }
    this.tables.members.insert(member.id, member, this.journal);
    return { ok: true };
  }

  async updateName(id: string, name: string, now: Date): Promise<boolean> {
    return this.update(id, (row) => ({ ...row, name, updatedAt: now }));
  }

  async updatePhone(id: string, phoneNo: string, now: Date): Promise<UpdatePhoneResult> {
    if (this.live(id) === undefined) return 'no_member';
    if (this.taken((other) => other.phoneNo === phoneNo && other.id !== id)) return 'phone_taken';
    this.update(id, (row) => ({ ...row, phoneNo, updatedAt: now }));
    return 'updated';
  }

  async updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<boolean> {
    return this.update(id, (row) => ({ ...row, passwordHash, updatedAt: now }));
  }

  /** One process, one thread: nothing to wait for, only whether the member is there. */
  async lockLive(id: string): Promise<boolean> {
    return this.live(id) !== undefined;
  }

  async lockForSignIn(id: string): Promise<boolean> {
    return this.live(id) !== undefined && !this.tables.signInDisabled.has(id);
  }

  /** A member that is not erased, by id. */
  private live(id: string): Member | undefined {
    const member = this.tables.members.get(id);
    return member === undefined || isErasedMember(member) ? undefined : member;
  }

  private update(id: string, change: (row: Member) => Member): boolean {
    if (this.live(id) === undefined) return false;
    this.tables.members.update(id, change, this.journal);
    return true;
  }

  private taken(test: (member: Readonly<Member>) => boolean): boolean {
    return this.tables.members.find(test).length > 0;
  }

  private findOne(test: (member: Readonly<Member>) => boolean): Member | null {
    const found = this.tables.members.find((member) => !isErasedMember(member) && test(member))[0];
    return found === undefined ? null : structuredClone(found);
  }
}
