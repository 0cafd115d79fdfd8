import { type PaymentMethod } from '../../../src/contract/rules';
import { type TransactionStatus } from '../../domain/transaction';
import {
  type HistoryQuery,
  type PaymentHistoryStore,
  type PaymentRecord,
} from '../../ports/payment-history.port';
import { type Database } from './database';
import { type TransactionRow } from './postgres-transaction-store.adapter';

interface RecordRow extends TransactionRow {
  finalised_at: Date | null;
  gateway_ref: string | null;
  receipt_number: string | null;
}

const COLUMNS = `id, member_id, amount_sen, payment_method, status, gateway, created_at, updated_at,
  finalised_at, gateway_ref, receipt_number`;

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
      `SELECT ${COLUMNS} FROM transactions WHERE id = $1`,
      [transactionId],
    );
    return rows.length === 1 ? toRecord(rows[0]) : null;
  }
}

/**
 * The statement for one page, with only the conditions the query needs (no `$n IS NULL OR ...`,
 * which would hide the index from the planner). Exported for EXPLAIN in the bench.
 */
export function historySql(query: HistoryQuery): { text: string; params: unknown[] } {
  const params: unknown[] = [query.memberId];
  const conditions = ['member_id = $1'];
  if (query.status !== null) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.after !== null) {
    params.push(query.after.createdAt, query.after.transactionId);
    conditions.push(`(created_at, id) < ($${params.length - 1}, $${params.length})`);
  }
  params.push(query.limit);
  return {
    text: `SELECT ${COLUMNS} FROM transactions
            WHERE ${conditions.join(' AND ')}
            ORDER BY created_at DESC, id DESC
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
  };
}
