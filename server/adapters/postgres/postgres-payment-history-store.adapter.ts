import { type PaymentMethod } from '../../../src/contract/rules';
import { type TransactionStatus } from '../../domain/transaction';
import {
  type HistoryQuery,
  type PaymentHistoryStore,
  type PaymentRecord,
  type RefundOfPayment,
} from '../../ports/payment-history.port';
import { type Database } from './database';
import { type TransactionRow } from './postgres-transaction-store.adapter';

interface RecordRow extends TransactionRow {
  finalised_at: Date | null;
  gateway_ref: string | null;
  receipt_number: string | null;
  refunded_sen: number | string;
}

/**
 * A payment's columns and what was refunded of it: a correlated sum over refunds_transaction_idx,
 * evaluated only for the rows a page returns (the LIMIT stops the scan before the sums).
 */
const COLUMNS = `t.id, t.member_id, t.amount_sen, t.payment_method, t.status, t.gateway,
  t.created_at, t.updated_at, t.finalised_at, t.gateway_ref, t.receipt_number,
  (SELECT coalesce(sum(r.amount_sen), 0) FROM refunds r
    WHERE r.transaction_id = t.id AND r.status = 'refunded') AS refunded_sen`;

/**
 * The history over the transactions table. A page is one index range scan: the member's rows
 * from the keyset position on, in the order of transactions_member_history_idx (or of
 * transactions_member_status_history_idx with a status), stopped after `limit` rows.
 */
export class PostgresPaymentHistoryStore implements PaymentHistoryStore {
  constructor(private readonly db: Database) {}

  listForMember(query: HistoryQuery): Promise<PaymentRecord[]> {
    const { text, params } = historySql(query);
    return this.db.query<RecordRow>(text, params).then((rows) => rows.map(toRecord));
  }

  async findRecord(transactionId: string): Promise<PaymentRecord | null> {
    const rows = await this.db.query<RecordRow>(
      `SELECT ${COLUMNS} FROM transactions t WHERE t.id = $1`,
      [transactionId],
    );
    return rows.length === 1 ? toRecord(rows[0]) : null;
  }

  async refundsOf(transactionId: string): Promise<RefundOfPayment[]> {
    const rows = await this.db.query<{ amount_sen: number; refunded_at: Date }>(
      `SELECT amount_sen, refunded_at FROM refunds
        WHERE transaction_id = $1 AND status = 'refunded'
        ORDER BY refunded_at, id`,
      [transactionId],
    );
    return rows.map((row) => ({
      amountSen: Number(row.amount_sen),
      refundedAt: new Date(row.refunded_at),
    }));
  }
}

/**
 * The statement for one page, with only the conditions the query needs (no `$n IS NULL OR ...`,
 * which would hide the index from the planner). Exported for EXPLAIN in the bench.
 */
export function historySql(query: HistoryQuery): { text: string; params: unknown[] } {
  const params: unknown[] = [query.memberId];
  const conditions = ['t.member_id = $1'];
  if (query.status !== null) {
    params.push(query.status);
    conditions.push(`t.status = $${params.length}`);
  }
  if (query.after !== null) {
    params.push(query.after.createdAt, query.after.transactionId);
    conditions.push(`(t.created_at, t.id) < ($${params.length - 1}, $${params.length})`);
  }
  params.push(query.limit);
  return {
    text: `SELECT ${COLUMNS} FROM transactions t
            WHERE ${conditions.join(' AND ')}
            ORDER BY t.created_at DESC, t.id DESC
            LIMIT $${params.length}`,
    params,
  };
}

function toRecord(row: RecordRow): PaymentRecord {
  const status = row.status as TransactionStatus;
  return {
    transactionId: row.id,
    memberId: row.member_id,
    amountSen: Number(row.amount_sen),
    // The columns only ever receive values the domain produced.
    paymentMethod: row.payment_method as PaymentMethod,
    status,
    gateway: row.gateway,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    receiptNumber: row.receipt_number,
    paidAt: status === 'completed' && row.finalised_at ? new Date(row.finalised_at) : null,
    gatewayRef: row.gateway_ref,
    refundedSen: Number(row.refunded_sen),
  };
}
