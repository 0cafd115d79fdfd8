import { type OpsRole } from '../../../src/contract/ops-roles';
import {
  type OperatorApprovalStore,
  type OperatorChangeKind,
  type PendingOperatorChange,
  type UnconfirmedOperator,
} from '../../ports/operator-approvals.port';
import { type Database } from './database';

/** Arbitrary constant key for pg_advisory_xact_lock: "the console's admin set". */
const ADMIN_SET_LOCK_KEY = 461_020_015;

interface UnconfirmedRow {
  operator_id: string;
  link_holder_id: string | null;
  since: Date;
}

interface ChangeRow {
  id: string;
  operator_id: string;
  kind: OperatorChangeKind;
  role: OpsRole | null;
  reason: string;
  requested_by: string;
  requested_at: Date;
}

const toUnconfirmed = (row: UnconfirmedRow): UnconfirmedOperator => ({
  operatorId: row.operator_id,
  linkHolderId: row.link_holder_id,
  since: new Date(row.since),
});

const toChange = (row: ChangeRow): PendingOperatorChange => ({
  id: row.id,
  operatorId: row.operator_id,
  kind: row.kind,
  role: row.role,
  reason: row.reason,
  requestedBy: row.requested_by,
  requestedAt: new Date(row.requested_at),
});

const CHANGE_COLUMNS = 'id, operator_id, kind, role, reason, requested_by, requested_at';

export class PostgresOperatorApprovalStore implements OperatorApprovalStore {
  constructor(private readonly db: Database) {}

  async lockAdminSet(): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_SET_LOCK_KEY]);
  }

  async markUnconfirmed(operator: UnconfirmedOperator): Promise<void> {
    await this.db.query(
      `INSERT INTO operator_unconfirmed (operator_id, link_holder_id, since) VALUES ($1, $2, $3)
       ON CONFLICT (operator_id)
       DO UPDATE SET link_holder_id = EXCLUDED.link_holder_id, since = EXCLUDED.since`,
      [operator.operatorId, operator.linkHolderId, operator.since],
    );
  }

  async findUnconfirmed(operatorId: string): Promise<UnconfirmedOperator | null> {
    const rows = await this.db.query<UnconfirmedRow>(
      'SELECT operator_id, link_holder_id, since FROM operator_unconfirmed WHERE operator_id = $1',
      [operatorId],
    );
    return rows[0] === undefined ? null : toUnconfirmed(rows[0]);
  }

  async listUnconfirmed(): Promise<UnconfirmedOperator[]> {
    const rows = await this.db.query<UnconfirmedRow>(
      'SELECT operator_id, link_holder_id, since FROM operator_unconfirmed ORDER BY since, operator_id',
    );
    return rows.map(toUnconfirmed);
  }

  async confirm(operatorId: string): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM operator_unconfirmed WHERE operator_id = $1 RETURNING 1',
      [operatorId],
    );
    return rows.length === 1;
  }

  async requestChange(change: PendingOperatorChange): Promise<'requested' | 'pending_exists'> {
    // ON CONFLICT, not a caught error: a failed statement would abort the unit of work it is in.
    const rows = await this.db.query(
      `INSERT INTO operator_changes (${CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (operator_id) DO NOTHING RETURNING 1`,
      [
        change.id,
        change.operatorId,
        change.kind,
        change.role,
        change.reason,
        change.requestedBy,
        change.requestedAt,
      ],
    );
    return rows.length === 1 ? 'requested' : 'pending_exists';
  }

  async findChange(id: string): Promise<PendingOperatorChange | null> {
    const rows = await this.db.query<ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM operator_changes WHERE id = $1`,
      [id],
    );
    return rows[0] === undefined ? null : toChange(rows[0]);
  }

  async listChanges(): Promise<PendingOperatorChange[]> {
    const rows = await this.db.query<ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM operator_changes ORDER BY requested_at, id`,
    );
    return rows.map(toChange);
  }

  async closeChange(id: string): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM operator_changes WHERE id = $1 RETURNING 1', [
      id,
    ]);
    return rows.length === 1;
  }
}
