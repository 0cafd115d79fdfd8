import { type Nationality } from '../../../src/contract/rules';
import { type Member, type MemberConflict } from '../../domain/member';
import {
  type InsertMemberResult,
  type MemberRepository,
  type UpdatePhoneResult,
} from '../../ports/member-repository.port';
import { type Database, isUniqueViolation, violatedConstraint } from './database';

export interface MemberRow {
  id: string;
  name: string;
  nationality: string;
  ic_or_passport: string;
  phone_no: string;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}

export const COLUMNS =
  'id, name, nationality, ic_or_passport, phone_no, password_hash, created_at, updated_at';

/** Erased rows stay for the payments that point to them, but are no member (see erased_at). */
const LIVE = 'erased_at IS NULL';

export class PostgresMemberRepository implements MemberRepository {
  constructor(private readonly db: Database) {}

  findById(id: string): Promise<Member | null> {
    return this.one(`SELECT ${COLUMNS} FROM members WHERE id = $1 AND ${LIVE}`, [id]);
  }

  async findManyByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Member>> {
    const rows = await this.db.query<MemberRow>(
      `SELECT ${COLUMNS} FROM members WHERE id = ANY($1::uuid[]) AND ${LIVE}`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, toMember(row)]));
  }

  findByIcOrPassport(icOrPassport: string): Promise<Member | null> {
    return this.one(`SELECT ${COLUMNS} FROM members WHERE ic_or_passport = $1 AND ${LIVE}`, [
      icOrPassport,
    ]);
  }

  findByPhone(phoneNo: string): Promise<Member | null> {
    return this.one(`SELECT ${COLUMNS} FROM members WHERE phone_no = $1 AND ${LIVE}`, [phoneNo]);
  }

  async insert(member: Member): Promise<InsertMemberResult> {
    try {
      await this.db.query(
        `INSERT INTO members (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          member.id,
          member.name,
          member.nationality,
          member.icOrPassport,
          member.phoneNo,
          member.passwordHash,
          member.createdAt,
          member.updatedAt,
        ],
      );
      return { ok: true };
    } catch (error) {
      return conflictOrThrow(error);
    }
  }

  updateName(id: string, name: string, now: Date): Promise<boolean> {
    return this.setColumn('name', id, name, now);
  }

  async updatePhone(id: string, phoneNo: string, now: Date): Promise<UpdatePhoneResult> {
    try {
      return (await this.setColumn('phone_no', id, phoneNo, now)) ? 'updated' : 'no_member';
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return 'phone_taken';
    }
  }

  updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<boolean> {
    return this.setColumn('password_hash', id, passwordHash, now);
  }

  async lockLive(id: string): Promise<boolean> {
    // NO KEY UPDATE: waits for an erasure (FOR UPDATE) and for another write of this member, not
    // for inserts of rows that point to it (their foreign key takes KEY SHARE).
    const rows = await this.db.query(
      `SELECT 1 FROM members WHERE id = $1 AND ${LIVE} FOR NO KEY UPDATE`,
      [id],
    );
    return rows.length === 1;
  }

  async lockForSignIn(id: string): Promise<boolean> {
    const rows = await this.db.query<{ allowed: boolean }>(
      `SELECT sign_in_disabled_at IS NULL AS allowed FROM members
        WHERE id = $1 AND ${LIVE} FOR NO KEY UPDATE`,
      [id],
    );
    return rows[0]?.allowed === true;
  }

  /**
   * One live member's column changed, and when; false when no live member has that id. The
   * column name is one of ours, never input.
   */
  private async setColumn(
    column: 'name' | 'phone_no' | 'password_hash',
    id: string,
    value: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE members SET ${column} = $2, updated_at = $3 WHERE id = $1 AND ${LIVE} RETURNING 1`,
      [id, value, now],
    );
    return rows.length === 1;
  }

  private async one(text: string, params: unknown[]): Promise<Member | null> {
    const rows = await this.db.query<MemberRow>(text, params);
    const row = rows[0];
    return row ? toMember(row) : null;
  }
}

function conflictOrThrow(error: unknown): { ok: false; conflict: MemberConflict } {
  if (!isUniqueViolation(error)) throw error;
  const constraint = violatedConstraint(error);
  return { ok: false, conflict: constraint.includes('phone') ? 'phone_no' : 'ic_or_passport' };
}

/** A members row as the domain's Member (the console's directory reads the same row). */
export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    nationality: row.nationality as Nationality,
    icOrPassport: row.ic_or_passport,
    phoneNo: row.phone_no,
    passwordHash: row.password_hash,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
