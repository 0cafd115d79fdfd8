import {
  type DirectoryMember,
  type MemberDetailRecords,
  type MemberDirectory,
} from '../../ports/member-directory.port';
import { type Database } from './database';
import {
  COLUMNS as MEMBER_COLUMNS,
  type MemberRow,
  toMember as memberOf,
} from './postgres-member-repository.adapter';

type Row = MemberRow & { sign_in_disabled_at: Date | null };

const COLUMNS = `${MEMBER_COLUMNS}, sign_in_disabled_at`;

const toMember = (row: Row): DirectoryMember => ({
  ...memberOf(row),
  signInDisabledAt: row.sign_in_disabled_at === null ? null : new Date(row.sign_in_disabled_at),
});

export class PostgresMemberDirectory implements MemberDirectory {
  constructor(private readonly db: Database) {}

  async search(
    query: { exact: string[]; namePrefix: string },
    page: { after?: { name: string; id: string }; limit: number },
  ): Promise<DirectoryMember[]> {
    // A name prefix as a LIKE pattern: its own %, _ and \ are matched literally.
    const pattern = `${query.namePrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM members
        WHERE erased_at IS NULL
          AND (phone_no = ANY($1::text[]) OR ic_or_passport = ANY($1::text[])
               OR ($2::text <> '%' AND lower(name) LIKE $2::text))
          AND ($3::text IS NULL OR (lower(name), id) > ($3::text, $4::uuid))
        ORDER BY lower(name), id
        LIMIT $5`,
      [
        query.exact,
        pattern,
        page.after?.name.toLowerCase() ?? null,
        page.after?.id ?? null,
        page.limit,
      ],
    );
    return rows.map(toMember);
  }

  async detail(
    memberId: string,
    now: Date,
    paymentLimit: number,
  ): Promise<MemberDetailRecords | null> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM members WHERE id = $1 AND erased_at IS NULL`,
      [memberId],
    );
    if (rows[0] === undefined) return null;
    const sessions = await this.db.query<{
      device_label: string | null;
      created_at: Date;
      last_seen_at: Date;
    }>(
      `SELECT device_label, created_at, last_seen_at FROM sessions
        WHERE member_id = $1 AND revoked_at IS NULL ORDER BY last_seen_at DESC`,
      [memberId],
    );
    const lastSignIn = await this.db.query<{ at: Date | null }>(
      'SELECT max(created_at) AS at FROM sessions WHERE member_id = $1 AND created_at <= $2',
      [memberId, now],
    );
    const passkeys = await this.db.query<{ name: string; created_at: Date }>(
      'SELECT name, created_at FROM passkeys WHERE member_id = $1 ORDER BY created_at, id',
      [memberId],
    );
    const payments = await this.db.query<{
      id: string;
      receipt_number: string | null;
      amount_sen: number;
      status: string;
      created_at: Date;
    }>(
      `SELECT id, receipt_number, amount_sen, status, created_at FROM transactions
        WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [memberId, paymentLimit],
    );
    const last = lastSignIn[0]?.at ?? null;
    return {
      member: toMember(rows[0]),
      lastSignInAt: last === null ? null : new Date(last),
      sessions: sessions.map((row) => ({
        deviceLabel: row.device_label,
        createdAt: new Date(row.created_at),
        lastSeenAt: new Date(row.last_seen_at),
      })),
      passkeys: passkeys.map((row) => ({ name: row.name, createdAt: new Date(row.created_at) })),
      payments: payments.map((row) => ({
        transactionId: row.id,
        receiptNumber: row.receipt_number,
        amountSen: Number(row.amount_sen),
        status: row.status,
        createdAt: new Date(row.created_at),
      })),
    };
  }

  async setSignInDisabled(memberId: string, at: Date | null): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE members SET sign_in_disabled_at = $2
        WHERE id = $1 AND erased_at IS NULL RETURNING 1`,
      [memberId, at],
    );
    return rows.length === 1;
  }
}
