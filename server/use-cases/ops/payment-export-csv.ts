import { stringify } from 'csv-stringify/sync';
import { formatSen } from '../../../src/contract/money';
import { PAYMENT_EXPORT_COLUMNS } from '../../../src/contract/ops-payments-api';
import { MALAYSIA_UTC_OFFSET_MS } from '../../domain/receipt';
import { type PaymentExportRow } from '../../ports/payment-reports.port';

/**
 * The export's CSV: UTF-8 with a byte-order mark (Excel), a header row, `\n` after every record,
 * and a cell starting with - = + @ tab or carriage return (or their full-width forms) prefixed
 * with ' so a spreadsheet never runs it as a formula; an absent value is an empty, unquoted cell.
 * PostgreSQL writes the same records itself (postgres-payment-export.ts); this writes them from
 * rows where it cannot (PGlite, the in-memory tables).
 */
export const EXPORT_CSV_HEAD = `\uFEFF${PAYMENT_EXPORT_COLUMNS.join(',')}\n`;

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

/** Rows as CSV records (no header), one string per batch. */
export async function* csvOfRows(
  batches: AsyncGenerator<PaymentExportRow[]>,
): AsyncGenerator<string> {
  try {
    for await (const batch of batches) {
      yield stringify(batch.map(toRecord), {
        columns: [...PAYMENT_EXPORT_COLUMNS],
        escape_formulas: true,
      });
    }
  } finally {
    // Stopped early, the rows' own generator is ended too (its cursor or keyset read).
    await batches.return(undefined);
  }
}

const QUOTE = '"';
const NEWLINE = '\n';

/**
 * Counts the records of a CSV stream as its chunks go by: a newline ends a record unless it is
 * inside a quoted cell (an even number of quotes before it, since an escaped quote is doubled).
 */
export class CsvRecordCounter {
  private quoted = false;

  /** The records that `chunk` ends. */
  count(chunk: Uint8Array | string): number {
    const text: string | Buffer =
      typeof chunk === 'string' || Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let records = 0;
    let at = 0;
    // Quotes are rare: the next one is looked up once, not once per record.
    let quote = text.indexOf(QUOTE);
    for (;;) {
      const newline = this.quoted ? -1 : text.indexOf(NEWLINE, at);
      if (quote !== -1 && (this.quoted || newline === -1 || quote < newline)) {
        this.quoted = !this.quoted;
        at = quote + 1;
        quote = text.indexOf(QUOTE, at);
      } else if (newline === -1) {
        return records;
      } else {
        records += 1;
        at = newline + 1;
      }
    }
  }
}
