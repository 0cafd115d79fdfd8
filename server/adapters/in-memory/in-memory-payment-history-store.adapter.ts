import { type Refund } from '../../domain/ops/refund';
import {
  type HistoryPosition,
  type HistoryQuery,
  type PaymentHistoryStore,
  type PaymentRecord,
  type RefundOfPayment,
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
      .map((row) => this.toRecord(structuredClone(row)));
  }

  async findRecord(transactionId: string): Promise<PaymentRecord | null> {
    const row = this.tables.transactions.get(transactionId);
    return row === undefined ? null : this.toRecord(row);
  }

  async refundsOf(transactionId: string): Promise<RefundOfPayment[]> {
    // In refunded_at order, then by id, as PostgresPaymentHistoryStore reads them.
    return this.refunded(transactionId)
      .flatMap(({ id, amountSen, refundedAt }) =>
        refundedAt === null ? [] : [{ id, amountSen, refundedAt: new Date(refundedAt) }],
      )
      .sort((a, b) => a.refundedAt.getTime() - b.refundedAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(({ amountSen, refundedAt }) => ({ amountSen, refundedAt }));
  }

  private refunded(transactionId: string): Readonly<Refund>[] {
    return this.tables.refunds.find(
      (refund) => refund.transactionId === transactionId && refund.status === 'refunded',
    );
  }

  private toRecord(row: TransactionRow): PaymentRecord {
    return {
      ...toTransaction(row),
      receiptNumber: row.receiptNumber,
      paidAt: row.status === 'completed' && row.finalisedAt ? new Date(row.finalisedAt) : null,
      gatewayRef: row.gatewayRef,
      refundedSen: this.refunded(row.transactionId).reduce((sum, r) => sum + r.amountSen, 0),
    };
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
