import { type Member } from '../../domain/member';
import { type InsertMemberResult, type MemberRepository } from '../../ports/member-repository.port';
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
    return this.tables.members.get(id) ?? null;
  }

  async findManyByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Member>> {
    const found = new Map<string, Member>();
    for (const id of ids) {
      const member = this.tables.members.get(id);
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

  async updateName(id: string, name: string, now: Date): Promise<void> {
    this.tables.members.update(id, (row) => ({ ...row, name, updatedAt: now }), this.journal);
  }

  async updatePhone(id: string, phoneNo: string, now: Date): Promise<InsertMemberResult> {
    if (!this.tables.members.has(id)) return { ok: true };
    if (this.taken((other) => other.phoneNo === phoneNo && other.id !== id)) {
      return { ok: false, conflict: 'phone_no' };
    }
    this.tables.members.update(id, (row) => ({ ...row, phoneNo, updatedAt: now }), this.journal);
    return { ok: true };
  }

  async updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
    this.tables.members.update(
      id,
      (row) => ({ ...row, passwordHash, updatedAt: now }),
      this.journal,
    );
  }

  private taken(test: (member: Readonly<Member>) => boolean): boolean {
    return this.tables.members.find(test).length > 0;
  }

  private findOne(test: (member: Readonly<Member>) => boolean): Member | null {
    const found = this.tables.members.find(test)[0];
    return found === undefined ? null : structuredClone(found);
  }
}
