import { type Member } from '../../domain/member';
import {
  type ErasedMemberFields,
  isErasedMember,
  type PersonalDataRecords,
} from '../../domain/personal-data';
import { type PersonalDataStore } from '../../ports/personal-data.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/** A member's data in memory, with PostgresPersonalDataStore's rules. */
export class InMemoryPersonalDataStore implements PersonalDataStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async recordsOf(memberId: string): Promise<PersonalDataRecords | null> {
    const member = this.tables.members.get(memberId);
    if (member === undefined || isErasedMember(member)) return null;
    const t = this.tables;
    return {
      member,
      sessions: t.sessions
        .all()
        .filter((row) => row.memberId === memberId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        .map(({ tokenHash: _omitted, ...session }) => session),
      payments: t.transactions
        .all()
        .filter((row) => row.memberId === memberId)
        .sort(
          (a, b) =>
            a.createdAt.getTime() - b.createdAt.getTime() ||
            a.transactionId.localeCompare(b.transactionId),
        )
        .map((row) => ({
          transactionId: row.transactionId,
          amountSen: row.amountSen,
          paymentMethod: row.paymentMethod,
          status: row.status,
          createdAt: row.createdAt,
          finalisedAt: row.finalisedAt,
          receiptNumber: row.receiptNumber,
          refunds: t.refunds
            .all()
            .filter((refund) => refund.transactionId === row.transactionId)
            .sort(
              (a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || (a.id < b.id ? -1 : 1),
            )
            .map((refund) => ({
              amountSen: refund.amountSen,
              status: refund.status,
              requestedAt: refund.requestedAt,
              refundedAt: refund.refundedAt,
            })),
        })),
      smsCodesSent: t.smsCodes
        .all()
        .filter((row) => row.phoneNo === member.phoneNo)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((row) => ({ purpose: row.purpose, sentAt: row.createdAt })),
      passkeys: t.passkeys
        .all()
        .filter((row) => row.memberId === memberId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        .map((row) => ({ name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt })),
    };
  }

  async erase(memberId: string, erased: ErasedMemberFields, now: Date): Promise<boolean> {
    const t = this.tables;
    const member: Member | undefined = t.members.get(memberId);
    if (member === undefined || isErasedMember(member)) return false;
    const { journal } = this;
    for (const { id } of t.sessions.find((row) => row.memberId === memberId)) {
      t.sessions.delete(id, journal);
    }
    for (const { id } of t.passkeys.find((row) => row.memberId === memberId)) {
      t.passkeys.delete(id, journal);
    }
    for (const { id } of t.smsCodes.find((row) => row.phoneNo === member.phoneNo)) {
      t.smsCodes.delete(id, journal);
    }
    for (const { id } of t.smsRequests.find((row) => row.phoneNo === member.phoneNo)) {
      t.smsRequests.delete(id, journal);
    }
    for (const { id } of t.loginFailures.find((row) => row.accountKey === member.icOrPassport)) {
      t.loginFailures.delete(id, journal);
    }
    const payments = new Set(
      t.transactions.find((row) => row.memberId === memberId).map((row) => row.transactionId),
    );
    for (const { id } of t.callbacks.find(
      (row) => row.transactionId !== null && payments.has(row.transactionId),
    )) {
      t.callbacks.update(String(id), (row) => ({ ...row, payload: '' }), journal);
    }
    t.members.update(memberId, (row) => ({ ...row, ...erased, updatedAt: now }), journal);
    return true;
  }
}
