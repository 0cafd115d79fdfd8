import { type OpsRole } from '../../../src/contract/ops-roles';
import { type Operator, type OperatorSessionRecord } from '../../domain/ops/operator';
import { type InsertOperatorResult, type OperatorStore } from '../../ports/operator-store.port';
import { type Database } from './database';

interface OperatorRow {
  id: string;
  name: string;
  email: string;
  role: OpsRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | number | null;
  created_at: Date;
  enrolled_at: Date | null;
  disabled_at: Date | null;
}

const COLUMNS =
  'id, name, email, role, password_hash, totp_secret, totp_last_step, created_at, enrolled_at, disabled_at';

const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value));

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  createdAt: new Date(row.created_at),
  enrolledAt: dateOrNull(row.enrolled_at),
  disabledAt: dateOrNull(row.disabled_at),
});

interface SessionRow {
  id: string;
  operator_id: string;
  csrf_hash: string;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  second_factor_at: Date;
}

export class PostgresOperatorStore implements OperatorStore {
  constructor(private readonly db: Database) {}

  async insert(operator: Operator): Promise<InsertOperatorResult> {
    // ON CONFLICT, not a caught error: a failed statement would abort the unit of work it is in.
    const rows = await this.db.query(
      `INSERT INTO operators (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (email) DO NOTHING RETURNING 1`,
      [
        operator.id,
        operator.name,
        operator.email,
        operator.role,
        operator.passwordHash,
        operator.totpSecret,
        operator.totpLastStep,
        operator.createdAt,
        operator.enrolledAt,
        operator.disabledAt,
      ],
    );
    return rows.length === 1 ? 'inserted' : 'email_taken';
  }

  findById(id: string): Promise<Operator | null> {
    return this.one(`SELECT ${COLUMNS} FROM operators WHERE id = $1`, [id]);
  }

  findByEmail(email: string): Promise<Operator | null> {
    return this.one(`SELECT ${COLUMNS} FROM operators WHERE email = $1`, [email]);
  }

  async list(): Promise<Operator[]> {
    const rows = await this.db.query<OperatorRow>(
      `SELECT ${COLUMNS} FROM operators ORDER BY lower(name), id`,
    );
    return rows.map(toOperator);
  }

  async countActiveAdmins(): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM operators
        WHERE role = 'admin' AND disabled_at IS NULL AND enrolled_at IS NOT NULL`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async setRole(id: string, role: OpsRole): Promise<void> {
    await this.db.query('UPDATE operators SET role = $2 WHERE id = $1', [id, role]);
  }

  async setDisabled(id: string, at: Date | null): Promise<void> {
    await this.db.query('UPDATE operators SET disabled_at = $2 WHERE id = $1', [id, at]);
  }

  async enrol(
    id: string,
    factors: { passwordHash: string; totpSecret: string | null },
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `UPDATE operators
          SET password_hash = $2, totp_secret = $3, totp_last_step = NULL, enrolled_at = $4
        WHERE id = $1`,
      [id, factors.passwordHash, factors.totpSecret, at],
    );
  }

  async stageTotpSecret(id: string, secret: string): Promise<void> {
    await this.db.query(
      `UPDATE operators SET totp_secret = $2
        WHERE id = $1 AND enrolled_at IS NULL AND totp_secret IS NULL`,
      [id, secret],
    );
  }

  async clearSecondFactor(id: string): Promise<void> {
    await this.db.query(
      `UPDATE operators SET totp_secret = NULL, totp_last_step = NULL, enrolled_at = NULL
        WHERE id = $1`,
      [id],
    );
  }

  async acceptTotpStep(id: string, step: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE operators SET totp_last_step = $2
        WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)
        RETURNING 1`,
      [id, step],
    );
    return rows.length === 1;
  }

  async saveEnrolment(link: {
    tokenHash: string;
    operatorId: string;
    expiresAt: Date;
  }): Promise<void> {
    // A new link ends every earlier unused one of the operator: only the newest enrols.
    await this.db.query(
      'DELETE FROM operator_enrolments WHERE operator_id = $1 AND used_at IS NULL',
      [link.operatorId],
    );
    await this.db.query(
      'UPDATE operators SET totp_secret = NULL WHERE id = $1 AND enrolled_at IS NULL',
      [link.operatorId],
    );
    await this.db.query(
      'INSERT INTO operator_enrolments (token_hash, operator_id, expires_at) VALUES ($1, $2, $3)',
      [link.tokenHash, link.operatorId, link.expiresAt],
    );
  }

  async peekEnrolment(tokenHash: string, now: Date): Promise<string | null> {
    const rows = await this.db.query<{ operator_id: string }>(
      `SELECT operator_id FROM operator_enrolments
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
      [tokenHash, now],
    );
    return rows[0]?.operator_id ?? null;
  }

  async takeEnrolment(tokenHash: string, now: Date): Promise<string | null> {
    const rows = await this.db.query<{ operator_id: string }>(
      `UPDATE operator_enrolments SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING operator_id`,
      [tokenHash, now],
    );
    return rows[0]?.operator_id ?? null;
  }

  async createSession(session: OperatorSessionRecord & { tokenHash: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO operator_sessions
         (id, operator_id, token_hash, csrf_hash, created_at, last_seen_at, revoked_at,
          second_factor_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        session.id,
        session.operatorId,
        session.tokenHash,
        session.csrfHash,
        session.createdAt,
        session.lastSeenAt,
        session.revokedAt,
        session.secondFactorAt,
      ],
    );
  }

  async findSessionByTokenHash(tokenHash: string): Promise<OperatorSessionRecord | null> {
    const rows = await this.db.query<SessionRow>(
      `SELECT id, operator_id, csrf_hash, created_at, last_seen_at, revoked_at, second_factor_at
         FROM operator_sessions WHERE token_hash = $1`,
      [tokenHash],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return {
      id: row.id,
      operatorId: row.operator_id,
      csrfHash: row.csrf_hash,
      createdAt: new Date(row.created_at),
      lastSeenAt: new Date(row.last_seen_at),
      revokedAt: dateOrNull(row.revoked_at),
      secondFactorAt: new Date(row.second_factor_at),
    };
  }

  async stepUpSession(id: string, at: Date): Promise<void> {
    await this.db.query(
      'UPDATE operator_sessions SET second_factor_at = GREATEST(second_factor_at, $2) WHERE id = $1',
      [id, at],
    );
  }

  async touchSession(id: string, at: Date): Promise<void> {
    await this.db.query(
      'UPDATE operator_sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = $1',
      [id, at],
    );
  }

  async revokeSession(id: string, at: Date): Promise<void> {
    await this.db.query(
      'UPDATE operator_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL',
      [id, at],
    );
  }

  async revokeSessionsOf(operatorId: string, at: Date): Promise<number> {
    const rows = await this.db.query(
      `UPDATE operator_sessions SET revoked_at = $2
        WHERE operator_id = $1 AND revoked_at IS NULL RETURNING 1`,
      [operatorId, at],
    );
    return rows.length;
  }

  private async one(text: string, params: unknown[]): Promise<Operator | null> {
    const rows = await this.db.query<OperatorRow>(text, params);
    return rows[0] === undefined ? null : toOperator(rows[0]);
  }
}
