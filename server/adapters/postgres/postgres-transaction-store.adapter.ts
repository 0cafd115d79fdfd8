import { type PaymentMethod } from '../../../src/contract/rules';
import {
  type FinalStatus,
  type Transaction,
  type TransactionStatus,
} from '../../domain/transaction';
import {
  type CallbackRecord,
  type CreatePendingResult,
  type LockedTransactionUnit,
  type NewTransaction,
  type TransactionStore,
} from '../../ports/transaction-store.port';
import { malaysiaYear } from '../../domain/receipt';
import { type Database } from './database';
import { PostgresAuditLog } from './postgres-audit-log.adapter';

/** A transactions row as the stores read it. */
export interface TransactionRow {
  id: string;
  member_id: string;
  amount_sen: number;
  payment_method: string;
  status: string;
  gateway: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, member_id, amount_sen, payment_method, status, gateway, created_at, updated_at';

/**
 * pending -> completed with the year's next receipt number, in one statement of the completing
 * transaction ($1 id, $2 time, $3 year in Malaysia). The counter row is bumped only when the
 * payment is still pending, and stays locked until the commit: a concurrent completion (another
 * instance included) waits and takes the next number; a rollback gives this one back, so the
 * sequence has no gaps and no number is given twice (the unique index is the last guard).
 */
const COMPLETE_WITH_RECEIPT = `
  WITH target AS (
    SELECT id FROM transactions WHERE id = $1 AND status = 'pending'
  ), counter AS (
    INSERT INTO receipt_counters (year, last_number)
    SELECT $3::int, 1 FROM target
    ON CONFLICT (year) DO UPDATE SET last_number = receipt_counters.last_number + 1
    RETURNING last_number
  )
  UPDATE transactions t
     SET status = 'completed', updated_at = $2, finalised_at = $2,
         receipt_number = 'R-' || $3::int || '-' ||
           lpad(c.last_number::text, greatest(6, length(c.last_number::text)), '0')
    FROM counter c
   WHERE t.id = $1 AND t.status = 'pending'
  RETURNING t.id`;

export class PostgresTransactionStore implements TransactionStore {
  constructor(private readonly db: Database) {}

  async createPending(tx: NewTransaction, idempotencyKey?: string): Promise<CreatePendingResult> {
    if (idempotencyKey === undefined) {
      const transaction = await insertTransaction(this.db, tx);
      return transaction === null
        ? { created: false, transaction: null }
        : { created: true, transaction };
    }
    return this.db.transaction(async (db) => {
      // The member's row first, as every write of a member (MemberRepository.lockLive): a
      // deletion in progress is waited for, and then there is no member to pay for.
      const live = await db.query(
        'SELECT 1 FROM members WHERE id = $1 AND erased_at IS NULL FOR KEY SHARE',
        [tx.memberId],
      );
      if (live.length === 0) return { created: false, transaction: null };
      // Claim the key: a concurrent request with the same key blocks on this insert until
      // the first commits, then finds the key taken and reads the first one's transaction.
      const claimed = await db.query(
        `INSERT INTO payment_idempotency_keys (member_id, idempotency_key, transaction_id, created_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (member_id, idempotency_key) DO NOTHING
         RETURNING transaction_id`,
        [tx.memberId, idempotencyKey, tx.transactionId, tx.createdAt],
      );
      if (claimed.length === 1) {
        const transaction = await insertTransaction(db, tx);
        if (transaction === null) throw new Error('member locked live, yet not found');
        return { created: true, transaction };
      }
      const rows = await db.query<TransactionRow>(
        `SELECT ${prefixed('t')} FROM payment_idempotency_keys k
           JOIN transactions t ON t.id = k.transaction_id
          WHERE k.member_id = $1 AND k.idempotency_key = $2`,
        [tx.memberId, idempotencyKey],
      );
      if (rows.length !== 1) throw new Error('idempotency key without its transaction');
      return { created: false, transaction: toTransaction(rows[0]) };
    });
  }

  async findById(transactionId: string): Promise<Transaction | null> {
    const rows = await this.db.query<TransactionRow>(
      `SELECT ${COLUMNS} FROM transactions WHERE id = $1`,
      [transactionId],
    );
    return rows.length === 1 ? toTransaction(rows[0]) : null;
  }

  async findManyByIds(
    transactionIds: readonly string[],
  ): Promise<ReadonlyMap<string, Transaction>> {
    const rows = await this.db.query<TransactionRow>(
      `SELECT ${COLUMNS} FROM transactions WHERE id = ANY($1::text[])`,
      [transactionIds],
    );
    return new Map(rows.map((row) => [row.id, toTransaction(row)]));
  }

  async listStalePending(createdBefore: Date, limit: number): Promise<Transaction[]> {
    const rows = await this.db.query<TransactionRow>(
      `SELECT ${COLUMNS} FROM transactions
        WHERE status = 'pending' AND created_at <= $1
        ORDER BY created_at
        LIMIT $2`,
      [createdBefore, limit],
    );
    return rows.map(toTransaction);
  }

  recordCallback(record: CallbackRecord): Promise<void> {
    return insertCallback(this.db, record);
  }

  async attachGatewayRef(transactionId: string, gatewayRef: string): Promise<string> {
    // COALESCE keeps a ref already there: the first attached wins and every caller learns it.
    const rows = await this.db.query<{ gateway_ref: string }>(
      `UPDATE transactions SET gateway_ref = COALESCE(gateway_ref, $2)
        WHERE id = $1
        RETURNING gateway_ref`,
      [transactionId, gatewayRef],
    );
    if (rows.length !== 1) throw new Error(`no transaction ${transactionId} to attach a ref to`);
    return rows[0].gateway_ref;
  }

  discardUnstarted(transactionId: string): Promise<boolean> {
    return this.db.transaction(async (db) => {
      // The row first (locked), then its key: the key's deferred foreign key is checked at commit.
      const deleted = await db.query(
        `DELETE FROM transactions t
          WHERE t.id = $1 AND t.status = 'pending' AND t.gateway_ref IS NULL
            AND NOT EXISTS (SELECT 1 FROM payment_callbacks c WHERE c.transaction_id = t.id)
          RETURNING t.id`,
        [transactionId],
      );
      if (deleted.length !== 1) return false;
      await db.query('DELETE FROM payment_idempotency_keys WHERE transaction_id = $1', [
        transactionId,
      ]);
      return true;
    });
  }

  async findGatewayRef(transactionId: string): Promise<string | null> {
    const rows = await this.db.query<{ gateway_ref: string | null }>(
      'SELECT gateway_ref FROM transactions WHERE id = $1',
      [transactionId],
    );
    return rows[0]?.gateway_ref ?? null;
  }

  async findTransactionIdByGatewayRef(gatewayRef: string): Promise<string | null> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM transactions WHERE gateway_ref = $1',
      [gatewayRef],
    );
    return rows[0]?.id ?? null;
  }

  async countPendingByGateway(): Promise<Map<string, number>> {
    const rows = await this.db.query<{ gateway: string; pending: number }>(
      `SELECT gateway, count(*)::int AS pending FROM transactions
        WHERE status = 'pending' GROUP BY gateway`,
    );
    return new Map(rows.map((row) => [row.gateway, Number(row.pending)]));
  }

  withLockedTransaction<T>(
    transactionId: string,
    fn: (current: Transaction | null, unit: LockedTransactionUnit) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (db) => {
      const rows = await db.query<TransactionRow>(
        `SELECT ${COLUMNS} FROM transactions WHERE id = $1 FOR UPDATE`,
        [transactionId],
      );
      const unit: LockedTransactionUnit = {
        finalise: async (status: FinalStatus, at: Date) => {
          const changed =
            status === 'completed'
              ? await db.query(COMPLETE_WITH_RECEIPT, [transactionId, at, malaysiaYear(at)])
              : await db.query(
                  `UPDATE transactions SET status = $2, updated_at = $3, finalised_at = $3
                    WHERE id = $1 AND status = 'pending'
                    RETURNING id`,
                  [transactionId, status, at],
                );
          return changed.length === 1;
        },
        recordCallback: (record) => insertCallback(db, record),
        appendAudit: async (entry) => {
          await new PostgresAuditLog(db).append(entry);
        },
      };
      return fn(rows.length === 1 ? toTransaction(rows[0]) : null, unit);
    });
  }
}

/**
 * Inserts a pending payment for a live member (the member's row key-share locked, so a deletion in
 * progress is waited for); null when no live member has that id.
 */
async function insertTransaction(db: Database, tx: NewTransaction): Promise<Transaction | null> {
  const rows = await db.query<TransactionRow>(
    `INSERT INTO transactions
       (id, member_id, amount_sen, payment_method, status, gateway, created_at, updated_at)
     SELECT $1, m.id, $3, $4, 'pending', $6, $5, $5
       FROM members m WHERE m.id = $2 AND m.erased_at IS NULL
        FOR KEY SHARE
     RETURNING ${COLUMNS}`,
    [tx.transactionId, tx.memberId, tx.amountSen, tx.paymentMethod, tx.createdAt, tx.gateway],
  );
  return rows.length === 1 ? toTransaction(rows[0]) : null;
}

/**
 * Records one gateway message. When the payment's member has been erased its body is not kept,
 * only its outcome. The member's row is key-share locked whatever it holds (a filter on erased_at
 * before the lock would read the row as it was before an erasure in progress): a message arriving
 * during the erasure waits for it and then sees it, and one recorded before it is emptied by it.
 */
async function insertCallback(db: Database, record: CallbackRecord): Promise<void> {
  await db.query(
    `INSERT INTO payment_callbacks
       (transaction_id, source, payload, result, reason, received_at, operator_id)
     VALUES ($1, $2,
             CASE WHEN (
               SELECT m.erased_at IS NOT NULL FROM transactions t JOIN members m ON m.id = t.member_id
                WHERE t.id = $1 FOR KEY SHARE OF m)
             THEN '' ELSE $3 END,
             $4, $5, $6, $7)`,
    [
      record.transactionId,
      record.source,
      record.payload,
      record.result,
      record.reason,
      record.receivedAt,
      record.operatorId ?? null,
    ],
  );
}

const prefixed = (alias: string): string =>
  COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');

function toTransaction(row: TransactionRow): Transaction {
  return {
    transactionId: row.id,
    memberId: row.member_id,
    amountSen: Number(row.amount_sen),
    // The columns only ever receive values the domain produced.
    paymentMethod: row.payment_method as PaymentMethod,
    status: row.status as TransactionStatus,
    gateway: row.gateway,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
