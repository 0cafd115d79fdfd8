import { LANGUAGES, type Language } from './languages';
import type { PaymentStatus } from './payment';
import type { PaymentMethod } from './rules';

/**
 * A member's payment history and receipts, as the API speaks them: a list read page by page
 * (newest first, an opaque cursor for the next page), and one completed payment's receipt as a
 * PDF in the member's language.
 */

/** What the history can be narrowed to; `all` is every status. */
export const HISTORY_STATUS_FILTERS = ['all', 'completed', 'pending', 'failed'] as const;
export type HistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

export const HISTORY_PAGE_SIZE_DEFAULT = 20;
export const HISTORY_PAGE_SIZE_MAX = 50;
/** A cursor is the server's own short token; anything longer is refused unread. */
export const HISTORY_CURSOR_MAX_LENGTH = 200;

/** Query of GET /payment/history; every field optional (all statuses, first page, 20 rows). */
export interface PaymentHistoryQuery {
  status?: HistoryStatusFilter;
  /** `nextCursor` of the previous page, as received. */
  cursor?: string;
  /** 1 to HISTORY_PAGE_SIZE_MAX, sent as decimal digits. */
  limit?: number;
}

export interface PaymentHistoryRow {
  transactionId: string;
  /** ISO 8601 (UTC); shown in Malaysia time. */
  createdAt: string;
  /** '123.45', in MYR. */
  amount: string;
  paymentMethod: PaymentMethod;
  status: PaymentStatus;
  /** R-2026-000123 once completed; null otherwise. */
  receiptNumber: string | null;
  /** ISO 8601 (UTC) of the completion; null unless completed. */
  paidAt: string | null;
  /**
   * What was given back of it, '0.00' when nothing: the sum of its refunds done (never those
   * still asked for, rejected or failed). Equal to `amount` when it was refunded in full.
   */
  refundedAmount: string;
}

export interface PaymentHistoryResponse {
  payments: PaymentHistoryRow[];
  /** Pass as `cursor` for the next page; null when this page is the last. */
  nextCursor: string | null;
}

/** The languages a receipt is written in: every language of the portal. */
export const RECEIPT_LANGUAGES = LANGUAGES;
export type ReceiptLanguage = Language;

/**
 * Query of GET /payment/receipt/{transactionId}/pdf; English when `lang` is absent. `tz` is the
 * member's IANA time zone (the browser's), in which the receipt prints its times and which it
 * names; Malaysia's (DEFAULT_TIME_ZONE of time-zones.ts) when absent.
 */
export interface ReceiptPdfQuery {
  lang?: ReceiptLanguage;
  tz?: string;
}

/** The path of one payment's receipt PDF (relative to the API base). */
export const receiptPdfPath = (transactionId: string): string =>
  `/payment/receipt/${encodeURIComponent(transactionId)}/pdf`;

/** The file name a receipt is downloaded as. */
export const receiptFileName = (receiptNumber: string): string => `receipt-${receiptNumber}.pdf`;
