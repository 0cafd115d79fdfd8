import { type RefundStatus } from '../../../src/contract/ops-payments-api';
import { type SmsPurpose } from '../../../src/contract/rules';
import { type ErasedMemberFields, type PersonalDataRecords } from '../../domain/personal-data';
import { type TransactionStatus } from '../../domain/transaction';
import { type PersonalDataStore } from '../../ports/personal-data.port';
import { type Database } from './database';
import { PostgresMemberRepository } from './postgres-member-repository.adapter';
import { type SessionRow as StoredSessionRow } from './postgres-session-store.adapter';

type SessionRow = StoredSessionRow & { device_label: string | null };

interface PaymentRow {
  id: string;
  amount_sen: number;
  payment_method: string;
  status: TransactionStatus;
  created_at: Date;
  finalised_at: Date | null;
  receipt_number: string | null;
}

interface RefundRow {
  transaction_id: string;
  amount_sen: number;
  status: RefundStatus;
  requested_at: Date;
  refunded_at: Date | null;
}

const date = (value: Date | string) => new Date(value);

export class PostgresPersonalDataStore implements PersonalDataStore {
  constructor(private readonly db: Database) {}

  async recordsOf(memberId: string): Promise<PersonalDataRecords | null> {
    const member = await new PostgresMemberRepository(this.db).findById(memberId);
    if (member === null) return null;
    const sessions = await this.db.query<SessionRow>(
      `SELECT id, member_id, created_at, last_seen_at, revoked_at, device_label
         FROM sessions WHERE member_id = $1 ORDER BY created_at, id`,
      [memberId],
    );
    const payments = await this.db.query<PaymentRow>(
      `SELECT id, amount_sen, payment_method, status, created_at, finalised_at, receipt_number
         FROM transactions WHERE member_id = $1 ORDER BY created_at, id`,
      [memberId],
    );
    const refunds = await this.db.query<RefundRow>(
      `SELECT r.transaction_id, r.amount_sen, r.status, r.requested_at, r.refunded_at
         FROM refunds r JOIN transactions t ON t.id = r.transaction_id
        WHERE t.member_id = $1 ORDER BY r.requested_at, r.id`,
      [memberId],
    );
    const codes = await this.db.query<{ purpose: SmsPurpose; created_at: Date }>(
      'SELECT purpose, created_at FROM sms_codes WHERE phone_no = $1 ORDER BY created_at',
      [member.phoneNo],
    );
    const passkeys = await this.db.query<{
      name: string;
      created_at: Date;
      last_used_at: Date | null;
    }>(
      'SELECT name, created_at, last_used_at FROM passkeys WHERE member_id = $1 ORDER BY created_at, id',
      [memberId],
    );
    return {
      member,
      sessions: sessions.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        createdAt: date(row.created_at),
        lastSeenAt: date(row.last_seen_at),
        revokedAt: row.revoked_at === null ? null : date(row.revoked_at),
        deviceLabel: row.device_label,
      })),
      payments: payments.map((row) => ({
        transactionId: row.id,
        amountSen: Number(row.amount_sen),
        paymentMethod: row.payment_method,
        status: row.status,
        createdAt: date(row.created_at),
        finalisedAt: row.finalised_at === null ? null : date(row.finalised_at),
        receiptNumber: row.receipt_number,
        refunds: refunds
          .filter((refund) => refund.transaction_id === row.id)
          .map((refund) => ({
            amountSen: Number(refund.amount_sen),
            status: refund.status,
            requestedAt: date(refund.requested_at),
            refundedAt: refund.refunded_at === null ? null : date(refund.refunded_at),
          })),
      })),
      smsCodesSent: codes.map((row) => ({ purpose: row.purpose, sentAt: date(row.created_at) })),
      passkeys: passkeys.map((row) => ({
        name: row.name,
        createdAt: date(row.created_at),
        lastUsedAt: row.last_used_at === null ? null : date(row.last_used_at),
      })),
    };
  }

  async erase(memberId: string, erased: ErasedMemberFields, now: Date): Promise<boolean> {
    // The member's row is locked before any other (the order MemberRepository.lockLive keeps):
    // every write of this member waits for the erasure, then finds no live member.
    const found = await this.db.query<{ phone_no: string; ic_or_passport: string }>(
      'SELECT phone_no, ic_or_passport FROM members WHERE id = $1 AND erased_at IS NULL FOR UPDATE',
      [memberId],
    );
    const member = found[0];
    if (member === undefined) return false;
    await this.db.query('DELETE FROM sessions WHERE member_id = $1', [memberId]);
    await this.db.query('DELETE FROM passkeys WHERE member_id = $1', [memberId]);
    await this.db.query('DELETE FROM sms_codes WHERE phone_no = $1', [member.phone_no]);
    await this.db.query('DELETE FROM sms_requests WHERE phone_no = $1', [member.phone_no]);
    await this.db.query('DELETE FROM login_failures WHERE account_key = $1', [
      member.ic_or_passport,
    ]);
    await this.db.query(
      `UPDATE payment_callbacks SET payload = ''
        WHERE transaction_id IN (SELECT id FROM transactions WHERE member_id = $1)`,
      [memberId],
    );
    await this.db.query(
      `UPDATE members
          SET name = $2, ic_or_passport = $3, phone_no = $4, password_hash = $5,
              updated_at = $6, erased_at = $6
        WHERE id = $1`,
      [memberId, erased.name, erased.icOrPassport, erased.phoneNo, erased.passwordHash, now],
    );
    return true;
  }
}
