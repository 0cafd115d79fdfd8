import { isErasedMember } from '../../domain/personal-data';
import {
  type DirectoryMember,
  type MemberDetailRecords,
  type MemberDirectory,
} from '../../ports/member-directory.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/** The console's view of members in memory, with PostgresMemberDirectory's rules. */
export class InMemoryMemberDirectory implements MemberDirectory {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async search(
    query: { exact: string[]; namePrefix: string },
    page: { after?: { name: string; id: string }; limit: number },
  ): Promise<DirectoryMember[]> {
    const prefix = query.namePrefix.toLowerCase();
    const after = page.after && { name: page.after.name.toLowerCase(), id: page.after.id };
    return this.tables.members
      .all()
      .filter((member) => !isErasedMember(member))
      .filter(
        (member) =>
          query.exact.includes(member.phoneNo) ||
          query.exact.includes(member.icOrPassport) ||
          (prefix !== '' && member.name.toLowerCase().startsWith(prefix)),
      )
      .map((member) => ({ ...member, key: member.name.toLowerCase() }))
      .filter(
        (member) =>
          after === undefined ||
          member.key > after.name ||
          (member.key === after.name && member.id > after.id),
      )
      .sort((a, b) => (a.key === b.key ? (a.id < b.id ? -1 : 1) : a.key < b.key ? -1 : 1))
      .slice(0, page.limit)
      .map(({ key: _key, ...member }) => this.withSignIn(member));
  }

  async detail(
    memberId: string,
    now: Date,
    paymentLimit: number,
  ): Promise<MemberDetailRecords | null> {
    const member = this.tables.members.get(memberId);
    if (member === undefined || isErasedMember(member)) return null;
    const sessions = this.tables.sessions.all().filter((row) => row.memberId === memberId);
    const started = sessions.map((row) => row.createdAt).filter((at) => at <= now);
    return {
      member: this.withSignIn(member),
      lastSignInAt: started.length === 0 ? null : new Date(Math.max(...started.map(Number))),
      sessions: sessions
        .filter((row) => row.revokedAt === null)
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
        .map((row) => ({
          deviceLabel: row.deviceLabel,
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
        })),
      passkeys: this.tables.passkeys
        .all()
        .filter((row) => row.memberId === memberId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((row) => ({ name: row.name, createdAt: row.createdAt })),
      payments: this.tables.transactions
        .all()
        .filter((row) => row.memberId === memberId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, paymentLimit)
        .map((row) => ({
          transactionId: row.transactionId,
          receiptNumber: row.receiptNumber,
          amountSen: row.amountSen,
          status: row.status,
          createdAt: row.createdAt,
        })),
    };
  }

  async setSignInDisabled(memberId: string, at: Date | null): Promise<boolean> {
    const member = this.tables.members.get(memberId);
    if (member === undefined || isErasedMember(member)) return false;
    const table = this.tables.signInDisabled;
    if (at === null) table.delete(memberId, this.journal);
    else if (!table.update(memberId, (row) => ({ ...row, at }), this.journal)) {
      table.insert(memberId, { memberId, at }, this.journal);
    }
    return true;
  }

  private withSignIn<M extends { id: string }>(
    member: M & Omit<DirectoryMember, 'signInDisabledAt'>,
  ): DirectoryMember {
    return { ...member, signInDisabledAt: this.tables.signInDisabled.get(member.id)?.at ?? null };
  }
}
