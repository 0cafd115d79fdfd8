import { type PaymentFilter, malaysiaDay } from '../../domain/ops/payment-filter';
import {
  type PaymentExportRow,
  type PaymentReports,
  type ReportDay,
} from '../../ports/payment-reports.port';
import { type InMemoryTables, type TransactionRow } from './in-memory-tables';

const within = (at: Date | null, range: { from: Date; until: Date }): at is Date =>
  at !== null && at >= range.from && at < range.until;

/** The reports over the in-memory tables, with PostgresPaymentReports' rules. */
export class InMemoryPaymentReports implements PaymentReports {
  constructor(private readonly tables: InMemoryTables) {}

  async summary(range: { from: Date; until: Date }): Promise<ReportDay[]> {
    const days = new Map<string, ReportDay>();
    const add = (at: Date, kind: Exclude<keyof ReportDay, 'day'>, amountSen: number) => {
      const key = malaysiaDay(at);
      const day = days.get(key) ?? emptyDay(key);
      day[kind] = { count: day[kind].count + 1, amountSen: day[kind].amountSen + amountSen };
      days.set(key, day);
    };
    for (const row of this.tables.transactions.find(() => true)) {
      if (row.status === 'completed' && within(row.finalisedAt, range)) {
        add(row.finalisedAt, 'completed', row.amountSen);
      } else if (row.status !== 'completed' && within(row.createdAt, range)) {
        add(row.createdAt, row.status, row.amountSen);
      }
    }
    for (const refund of this.tables.refunds.find(() => true)) {
      if (refund.status === 'refunded' && within(refund.refundedAt, range)) {
        add(refund.refundedAt, 'refunded', refund.amountSen);
      }
    }
    return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  async *exportRows(filter: PaymentFilter, batchSize: number): AsyncGenerator<PaymentExportRow[]> {
    const rows = this.tables.transactions
      .find((row) => this.matches(row, filter))
      .sort((a, b) =>
        a.createdAt.getTime() === b.createdAt.getTime()
          ? a.transactionId < b.transactionId
            ? 1
            : -1
          : b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .map((row) => this.exportRow(row));
    for (let start = 0; start < rows.length; start += batchSize) {
      yield rows.slice(start, start + batchSize);
    }
  }

  /** The caller formats `exportRows` instead. */
  exportCsv(): null {
    return null;
  }

  private matches(row: Readonly<TransactionRow>, filter: PaymentFilter): boolean {
    const { ref, member } = filter;
    if (ref !== undefined && ![row.transactionId, row.receiptNumber, row.gatewayRef].includes(ref))
      return false;
    if (member !== undefined) {
      const owner = this.tables.members.find((one) => one.id === row.memberId)[0];
      if (!owner || !(member.includes(owner.phoneNo) || member.includes(owner.icOrPassport)))
        return false;
    }
    if (filter.status !== undefined && row.status !== filter.status) return false;
    if (filter.gateway !== undefined && row.gateway !== filter.gateway) return false;
    if (filter.from !== undefined && row.createdAt < filter.from) return false;
    if (filter.until !== undefined && row.createdAt >= filter.until) return false;
    if (filter.minSen !== undefined && row.amountSen < filter.minSen) return false;
    return filter.maxSen === undefined || row.amountSen <= filter.maxSen;
  }

  private exportRow(row: Readonly<TransactionRow>): PaymentExportRow {
    const refundedSen = this.tables.refunds
      .find((refund) => refund.transactionId === row.transactionId && refund.status === 'refunded')
      .reduce((sum, refund) => sum + refund.amountSen, 0);
    return {
      transactionId: row.transactionId,
      receiptNumber: row.receiptNumber,
      gateway: row.gateway,
      gatewayRef: row.gatewayRef,
      memberId: row.memberId,
      amountSen: row.amountSen,
      refundedSen,
      status: row.status,
      createdAt: new Date(row.createdAt),
      paidAt: row.status === 'completed' && row.finalisedAt ? new Date(row.finalisedAt) : null,
    };
  }
}

function emptyDay(day: string): ReportDay {
  const none = () => ({ count: 0, amountSen: 0 });
  return { day, completed: none(), failed: none(), pending: none(), refunded: none() };
}
