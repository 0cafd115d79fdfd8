import {
  type AuditChanges,
  type AuditCheckpoint,
  type AuditEntry,
  type AuditEntryInput,
  chainEntry,
} from '../../domain/ops/audit-chain';
import { type AuditFilter, type AuditLog } from '../../ports/audit-log.port';
import { type Database } from './database';

/** Arbitrary constant key for pg_advisory_xact_lock: "member portal audit chain". */
const AUDIT_CHAIN_LOCK_KEY = 7_311_642_002;

interface EntryRow {
  seq: string | number;
  at: Date;
  actor_id: string | null;
  actor_name: string;
  actor_role: string | null;
  address: string | null;
  action: string;
  target_type: AuditEntry['targetType'];
  target_id: string | null;
  reason: string | null;
  changes: string | null;
  prev_hash: string;
  hash: string;
}

const COLUMNS =
  'seq, at, actor_id, actor_name, actor_role, address, action, target_type, target_id, reason, changes, prev_hash, hash';

const toEntry = (row: EntryRow): AuditEntry => ({
  seq: Number(row.seq),
  at: new Date(row.at),
  actorId: row.actor_id,
  actorName: row.actor_name,
  actorRole: row.actor_role,
  address: row.address,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  reason: row.reason,
  changes: row.changes === null ? null : (JSON.parse(row.changes) as AuditChanges),
  prevHash: row.prev_hash,
  hash: row.hash,
});

interface CheckpointRow {
  entries: string | number;
  head_hash: string;
  signed_at: Date;
  key_id: string;
  signature: string;
  previous_hash: string | null;
  next_key: string | null;
  public_key: string | null;
}

const CHECKPOINT_COLUMNS =
  'entries, head_hash, signed_at, key_id, signature, previous_hash, next_key, public_key';

const toCheckpoint = (row: CheckpointRow): AuditCheckpoint => ({
  entries: Number(row.entries),
  headHash: row.head_hash,
  signedAt: new Date(row.signed_at),
  keyId: row.key_id,
  signature: row.signature,
  ...(row.previous_hash === null ? {} : { previousHash: row.previous_hash }),
  ...(row.next_key === null ? {} : { nextKey: row.next_key }),
  ...(row.public_key === null ? {} : { publicKey: row.public_key }),
});

export class PostgresAuditLog implements AuditLog {
  constructor(private readonly db: Database) {}

  /**
   * Extends the chain by one entry. Appenders take one transaction-scoped advisory lock, so across
   * instances one at a time reads the head and links to it; the lock ends with the transaction of
   * the action the entry records (call it inside that unit of work).
   */
  append(input: AuditEntryInput): Promise<AuditEntry> {
    return this.db.transaction(async (tx) => {
      if (tx.kind === 'postgres') {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK_KEY]);
      }
      const entry = chainEntry(await new PostgresAuditLog(tx).head(), input);
      await tx.query(
        `INSERT INTO audit_log (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          entry.seq,
          entry.at,
          entry.actorId,
          entry.actorName,
          entry.actorRole,
          entry.address,
          entry.action,
          entry.targetType,
          entry.targetId,
          entry.reason,
          entry.changes === null ? null : JSON.stringify(entry.changes),
          entry.prevHash,
          entry.hash,
        ],
      );
      return entry;
    });
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    const rows = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM audit_log
        WHERE ($1::uuid IS NULL OR actor_id = $1::uuid)
          AND ($2::text IS NULL OR action = $2::text)
          AND ($3::text IS NULL OR target_id = $3::text)
          AND ($4::timestamptz IS NULL OR at >= $4::timestamptz)
          AND ($5::timestamptz IS NULL OR at < $5::timestamptz)
          AND ($6::bigint IS NULL OR seq < $6::bigint)
        ORDER BY seq DESC
        LIMIT $7`,
      [
        filter.actorId ?? null,
        filter.action ?? null,
        filter.targetId ?? null,
        filter.from ?? null,
        filter.to ?? null,
        filter.beforeSeq ?? null,
        filter.limit,
      ],
    );
    return rows.map(toEntry);
  }

  async page(afterSeq: number, limit: number): Promise<AuditEntry[]> {
    const rows = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT $2`,
      [afterSeq, limit],
    );
    return rows.map(toEntry);
  }

  async head(): Promise<{ seq: number; hash: string } | null> {
    const rows = await this.db.query<{ seq: string | number; hash: string }>(
      'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1',
    );
    const row = rows[0];
    return row === undefined ? null : { seq: Number(row.seq), hash: row.hash };
  }

  /**
   * The head under the appenders' advisory lock, taken in the caller's unit of work (PGlite has
   * one connection: its transactions already run one at a time).
   */
  async lockHead(): Promise<{ seq: number; hash: string } | null> {
    if (this.db.kind === 'postgres') {
      await this.db.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK_KEY]);
    }
    return this.head();
  }

  async saveCheckpoint(checkpoint: AuditCheckpoint): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_checkpoints (${CHECKPOINT_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (entries) DO NOTHING`,
      [
        checkpoint.entries,
        checkpoint.headHash,
        checkpoint.signedAt,
        checkpoint.keyId,
        checkpoint.signature,
        checkpoint.previousHash ?? null,
        checkpoint.nextKey ?? null,
        checkpoint.publicKey ?? null,
      ],
    );
  }

  async checkpoints(): Promise<AuditCheckpoint[]> {
    const rows = await this.db.query<CheckpointRow>(
      `SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints ORDER BY entries`,
    );
    return rows.map(toCheckpoint);
  }

  async lastCheckpoint(): Promise<AuditCheckpoint | null> {
    const rows = await this.db.query<CheckpointRow>(
      `SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints ORDER BY entries DESC LIMIT 1`,
    );
    return rows.length === 0 ? null : toCheckpoint(rows[0]);
  }
}
