import {
  type ChallengePurpose,
  type ChallengeRecord,
  type PasskeyRecord,
} from '../../domain/passkey';
import { type InsertPasskeyResult, type PasskeyStore } from '../../ports/passkey-store.port';
import { type Database, deleteBatch, isUniqueViolation } from './database';

interface PasskeyRow {
  id: string;
  member_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/**
 * Where one kind of owner keeps passkeys: members (the member app) or operators (the console),
 * each in tables of their own. Names of ours, never input.
 */
export interface PasskeyTables {
  passkeys: string;
  challenges: string;
  /** The owners' table, the owner column, and what makes an owner live. */
  owners: string;
  owner: string;
  live: string;
}

export const MEMBER_PASSKEYS: PasskeyTables = {
  passkeys: 'passkeys',
  challenges: 'webauthn_challenges',
  owners: 'members',
  owner: 'member_id',
  live: 'erased_at IS NULL',
};

export const OPERATOR_PASSKEYS: PasskeyTables = {
  passkeys: 'operator_passkeys',
  challenges: 'operator_webauthn_challenges',
  owners: 'operators',
  owner: 'operator_id',
  live: 'disabled_at IS NULL',
};

const REST = 'credential_id, public_key, sign_count, transports, name, created_at, last_used_at';

const toPasskey = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  memberId: row.member_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  signCount: Number(row.sign_count),
  transports: row.transports === '' ? [] : row.transports.split(','),
  name: row.name,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
});

export class PostgresPasskeyStore implements PasskeyStore {
  /** The columns read, the owner's as member_id. */
  private readonly columns: string;

  constructor(
    private readonly db: Database,
    private readonly t: PasskeyTables = MEMBER_PASSKEYS,
  ) {
    this.columns = `id, ${t.owner} AS member_id, ${REST}`;
  }

  async saveChallenge(challenge: ChallengeRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO ${this.t.challenges} (challenge, purpose, ${this.t.owner}, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [challenge.challenge, challenge.purpose, challenge.memberId, challenge.expiresAt],
    );
  }

  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
  ): Promise<ChallengeRecord | null> {
    const rows = await this.db.query<{
      challenge: string;
      purpose: ChallengePurpose;
      member_id: string | null;
      expires_at: Date;
    }>(
      `DELETE FROM ${this.t.challenges} WHERE challenge = $1 AND purpose = $2
       RETURNING challenge, purpose, ${this.t.owner} AS member_id, expires_at`,
      [challenge, purpose],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      challenge: row.challenge,
      purpose: row.purpose,
      memberId: row.member_id,
      expiresAt: new Date(row.expires_at),
    };
  }

  deleteExpiredChallenges(now: Date, limit: number): Promise<number> {
    return deleteBatch(
      this.db,
      `DELETE FROM ${this.t.challenges} WHERE challenge IN (
         SELECT challenge FROM ${this.t.challenges} WHERE expires_at < $1 LIMIT $2)`,
      [now, limit],
    );
  }

  async insert(passkey: PasskeyRecord): Promise<InsertPasskeyResult> {
    try {
      // Only for a live member, whose row is key-share locked: a deletion in progress is waited
      // for, and then there is no member to hold the passkey.
      const inserted = await this.db.query(
        `INSERT INTO ${this.t.passkeys} (id, ${this.t.owner}, ${REST})
         SELECT $1, m.id, $3, $4, $5, $6, $7, $8, $9
           FROM ${this.t.owners} m WHERE m.id = $2 AND m.${this.t.live}
            FOR KEY SHARE
         RETURNING 1`,
        [
          passkey.id,
          passkey.memberId,
          passkey.credentialId,
          passkey.publicKey,
          passkey.signCount,
          passkey.transports.join(','),
          passkey.name,
          passkey.createdAt,
          passkey.lastUsedAt,
        ],
      );
      return inserted.length === 1 ? { ok: true } : { ok: false, conflict: 'no_member' };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, conflict: 'credential_id' };
      throw error;
    }
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | null> {
    const rows = await this.db.query<PasskeyRow>(
      `SELECT ${this.columns} FROM ${this.t.passkeys} WHERE credential_id = $1`,
      [credentialId],
    );
    return rows[0] === undefined ? null : toPasskey(rows[0]);
  }

  async listForMember(memberId: string): Promise<PasskeyRecord[]> {
    const rows = await this.db.query<PasskeyRow>(
      `SELECT ${this.columns} FROM ${this.t.passkeys} WHERE ${this.t.owner} = $1
        ORDER BY created_at, id`,
      [memberId],
    );
    return rows.map(toPasskey);
  }

  async rename(memberId: string, id: string, name: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE ${this.t.passkeys} SET name = $3
        WHERE id = $2::uuid AND ${this.t.owner} = $1::uuid RETURNING id`,
      [memberId, id, name],
    );
    return rows.length > 0;
  }

  async remove(memberId: string, id: string): Promise<boolean> {
    const rows = await this.db.query(
      `DELETE FROM ${this.t.passkeys} WHERE id = $2::uuid AND ${this.t.owner} = $1::uuid RETURNING id`,
      [memberId, id],
    );
    return rows.length > 0;
  }

  async recordUse(id: string, signCount: number, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE ${this.t.passkeys} SET sign_count = $2, last_used_at = $3
        WHERE id = $1 AND ((sign_count = 0 AND $2::bigint = 0) OR $2::bigint > sign_count)
        RETURNING id`,
      [id, signCount, at],
    );
    return rows.length > 0;
  }
}
