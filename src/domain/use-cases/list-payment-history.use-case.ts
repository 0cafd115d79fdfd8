import {
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryStatusFilter,
  type PaymentHistoryRow,
} from '../../contract/payment-history';
import { err, ok, type Result } from '../../contract/result';
import { failureFrom, gotNoAnswer, type Failure } from '../model/failure';
import type { HttpPort } from '../ports/http.port';

export type { HistoryStatusFilter, PaymentHistoryRow } from '../../contract/payment-history';

/** i18n keys of the history's fallback texts (no answer, or an answer that says nothing). */
export const HistoryMessages = {
  loadError: 'paymentHistory.loadError',
  loadFailed: 'paymentHistory.loadFailed',
} as const;

export interface HistoryPage {
  payments: PaymentHistoryRow[];
  /** Where the next page starts; null when this page is the last. */
  nextCursor: string | null;
}

/**
 * One page of the member's payments, newest first (GET /payment/history): 20 at a time, in one
 * status or all, the next page asked for with the previous page's cursor.
 */
export class ListPaymentHistoryUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: {
    status: HistoryStatusFilter;
    cursor?: string | null;
  }): Promise<Result<HistoryPage, Failure>> {
    const answer = await this.http.call('paymentHistory', {
      ...(input.status !== 'all' ? { status: input.status } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}),
      limit: HISTORY_PAGE_SIZE_DEFAULT,
    });
    if (!answer.ok) {
      const key = gotNoAnswer(answer.error)
        ? HistoryMessages.loadError
        : HistoryMessages.loadFailed;
      return err(failureFrom(answer.error, key));
    }
    const data: unknown = answer.value;
    if (!isHistoryPage(data)) {
      return err({ key: HistoryMessages.loadFailed, code: 'INVALID_RESPONSE' });
    }
    return ok({ payments: data.payments, nextCursor: data.nextCursor });
  }
}

function isHistoryPage(value: unknown): value is HistoryPage {
  if (typeof value !== 'object' || value === null) return false;
  const { payments, nextCursor } = value as Partial<Record<keyof HistoryPage, unknown>>;
  return (
    Array.isArray(payments) &&
    payments.every(
      (row: unknown) =>
        typeof row === 'object' &&
        row !== null &&
        typeof (row as { transactionId?: unknown }).transactionId === 'string',
    ) &&
    (nextCursor === null || typeof nextCursor === 'string')
  );
}
