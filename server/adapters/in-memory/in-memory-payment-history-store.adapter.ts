import {
  type HistoryPosition,
  type HistoryQuery,
  type PaymentHistoryStore,
  type PaymentRecord,
} from '../../ports/payment-history.port';
import { type InMemoryTables, type TransactionRow } from './in-memory-tables';
import { toTransaction } from './in-memory-transaction-store.adapter';

/** The history read over the in-memory tables, in PostgresPaymentHistoryStore's order. */
export class InMemoryPaymentHistoryStore implements PaymentHistoryStore {
  constructor(private readonly tables: InMemoryTables) {}

  async listForMember(query: HistoryQuery): Promise<PaymentRecord[]> {
    const { memberId, status, after } = query;
    return this.tables.transactions
      .find(
        (row) =>
          row.memberId === memberId &&
          (status === null || row.status === status) &&
          (after === null || isAfter(row, after)),
      )
      .sort(newestFirst)
      .slice(0, query.limit)
      .map((row) => toRecord(structuredClone(row)));
  }

  async findRecord(transactionId: string): Promise<PaymentRecord | null> {
    const row = this.tables.transactions.get(transactionId);
    return row === undefined ? null : toRecord(row);
  }
}

/** (created_at, id) < (after.createdAt, after.transactionId), as the SQL row comparison. */
function isAfter(row: Readonly<TransactionRow>, after: HistoryPosition): boolean {
  const t = row.createdAt.getTime();
  const a = after.createdAt.getTime();
  return t < a || (t === a && row.transactionId < after.transactionId);
}

function newestFirst(a: Readonly<TransactionRow>, b: Readonly<TransactionRow>): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.transactionId < b.transactionId ? 1 : a.transactionId > b.transactionId ? -1 : 0;
}

function toRecord(row: TransactionRow): PaymentRecord {
  return {
    ...toTransaction(row),
    receiptNumber: row.receiptNumber,
    paidAt: row.status === 'completed' && row.finalisedAt ? new Date(row.finalisedAt) : null,
    gatewayRef: row.gatewayRef,
  };
}
