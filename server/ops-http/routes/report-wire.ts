import { formatSen } from '../../../src/contract/money';
import {
  type PAYMENT_EXPORT_COLUMNS,
  type ReportDayDto,
  type ReportSummaryResponse,
} from '../../../src/contract/ops-payments-api';
import { MALAYSIA_UTC_OFFSET_MS } from '../../domain/receipt';
import {
  type Figures,
  type PaymentExportRow,
  type ReportDay,
} from '../../ports/payment-reports.port';
import { type ReportSummary } from '../../use-cases/ops/payment-reports.use-case';

/** The reports as the console reads them: the summary's JSON and the export's CSV rows. */

/** One CSV row: a value per column of PAYMENT_EXPORT_COLUMNS. */
type ExportRecord = Record<(typeof PAYMENT_EXPORT_COLUMNS)[number], string>;

/** `2026-03-01 23:59:07`: an instant as a Malaysia wall-clock time, as a spreadsheet reads it. */
function malaysiaTime(at: Date): string {
  return new Date(at.getTime() + MALAYSIA_UTC_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

const toRecord = (row: PaymentExportRow): ExportRecord => ({
  receipt_number: row.receiptNumber ?? '',
  transaction_id: row.transactionId,
  gateway: row.gateway,
  gateway_ref: row.gatewayRef ?? '',
  member_id: row.memberId,
  amount: formatSen(row.amountSen),
  refunded: formatSen(row.refundedSen),
  status: row.status,
  created_at: malaysiaTime(row.createdAt),
  paid_at: row.paidAt === null ? '' : malaysiaTime(row.paidAt),
});

/**
 * The export's rows as CSV records, taken one by one; ending this early (a cut connection) ends
 * the rows' own generator, which closes the cursor and audits the export.
 */
export async function* exportRecords(
  rows: AsyncGenerator<PaymentExportRow>,
): AsyncGenerator<ExportRecord> {
  for await (const row of rows) yield toRecord(row);
}

const figures = (value: Figures) => ({ count: value.count, amount: formatSen(value.amountSen) });

function dayFigures(day: Omit<ReportDay, 'day'>): Omit<ReportDayDto, 'day'> {
  const decided = day.completed.count + day.failed.count;
  return {
    completed: figures(day.completed),
    failed: figures(day.failed),
    pending: figures(day.pending),
    refunded: figures(day.refunded),
    success_rate: decided === 0 ? null : day.completed.count / decided,
  };
}

export const summaryResponse = (summary: ReportSummary): ReportSummaryResponse => ({
  days: summary.days.map((day) => ({ day: day.day, ...dayFigures(day) })),
  totals: dayFigures(summary.totals),
});
