import { type PaymentStatus } from '../../src/contract/payment';
import { type PaymentFilter } from '../domain/ops/payment-filter';

/** How many and how much, in integer sen. */
export interface Figures {
  count: number;
  amountSen: number;
}

/**
 * One Malaysia calendar day (YYYY-MM-DD, UTC+8) of the summary: payments completed that day (by
 * when they completed), payments made that day that failed or are still pending (by when they
 * were made), and refunds done that day (status `refunded`, by when they were done).
 */
export interface ReportDay {
  day: string;
  completed: Figures;
  failed: Figures;
  pending: Figures;
  refunded: Figures;
}

/** One payment as the CSV export writes it. */
export interface PaymentExportRow {
  transactionId: string;
  receiptNumber: string | null;
  gateway: string;
  gatewayRef: string | null;
  memberId: string;
  amountSen: number;
  /** Every refund of it with status `refunded`, 0 when none. */
  refundedSen: number;
  status: PaymentStatus;
  createdAt: Date;
  /** When it completed; null unless completed. */
  paidAt: Date | null;
}

/** The console's reports: read-only, outside any unit of work. */
export interface PaymentReports {
  /**
   * The days between `from` (inclusive) and `until` (exclusive), both the start of a Malaysia
   * day, that have anything to count, oldest first; days with nothing are left out.
   */
  summary(range: { from: Date; until: Date }): Promise<ReportDay[]>;
  /**
   * Every payment the filter finds, newest first (created_at, then id, descending), in batches of
   * at most `batchSize`. A batch is read when the one before it has been taken; a consumer that
   * stops early (`return()`, as `for await` does on `break` or a thrown error) ends the read:
   * the database cursor is closed and its connection released before `return()` settles.
   */
  exportRows(filter: PaymentFilter, batchSize: number): AsyncGenerator<PaymentExportRow[]>;
  /**
   * The same rows as `exportRows`, in its order, already written as the export's CSV records
   * (payment-export-csv.ts's format, header aside) by the database itself, read as they are
   * taken; stopping early ends the database's work before `return()` settles. Null where the
   * database cannot write CSV (PGlite, the in-memory tables): the caller formats `exportRows`.
   */
  exportCsv(filter: PaymentFilter): AsyncGenerator<Uint8Array> | null;
}
