import { formatSen } from '../../src/contract/money';
import {
  HISTORY_PAGE_SIZE_DEFAULT,
  HISTORY_PAGE_SIZE_MAX,
  HISTORY_STATUS_FILTERS,
  type HistoryStatusFilter,
  type PaymentHistoryResponse,
  type PaymentHistoryRow,
} from '../../src/contract/payment-history';
import { failWith, type FailureReason, ok, type Result, type UseCaseError } from './result';
import { decodeHistoryCursor, encodeHistoryCursor } from '../domain/history-cursor';
import type { PaymentHistoryStore, PaymentRecord } from '../ports/payment-history.port';

/** The history request as it arrives: query-string text, each part optional. */
export interface ListPaymentHistoryInput {
  memberId: string;
  status?: string;
  cursor?: string;
  limit?: string;
}

/** What each part of the request fails with when it does not hold. */
const HISTORY_REASONS = {
  status: 'history-status-unknown',
  limit: 'history-page-size',
  cursor: 'history-cursor-invalid',
} as const satisfies Record<string, FailureReason>;

/**
 * One page of the member's own payments, newest first. Every part of the request is checked
 * before anything is read; a bad one fails naming the field and the rule it broke.
 */
export class ListPaymentHistoryUseCase {
  constructor(private readonly history: PaymentHistoryStore) {}

  async execute(
    input: ListPaymentHistoryInput,
  ): Promise<Result<PaymentHistoryResponse, UseCaseError>> {
    const status = input.status ?? 'all';
    if (!isStatusFilter(status)) return invalid('status');
    const limit = input.limit === undefined ? HISTORY_PAGE_SIZE_DEFAULT : pageSize(input.limit);
    if (limit === null) return invalid('limit');
    const after = input.cursor === undefined ? null : decodeHistoryCursor(input.cursor);
    if (input.cursor !== undefined && after === null) return invalid('cursor');

    // One row more than the page tells whether another page follows.
    const rows = await this.history.listForMember({
      memberId: input.memberId,
      status: status === 'all' ? null : status,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return ok({
      payments: page.map(toRow),
      nextCursor:
        rows.length > limit && last !== undefined
          ? encodeHistoryCursor({ createdAt: last.createdAt, transactionId: last.transactionId })
          : null,
    });
  }
}

const isStatusFilter = (value: string): value is HistoryStatusFilter =>
  (HISTORY_STATUS_FILTERS as readonly string[]).includes(value);

/** 1 to HISTORY_PAGE_SIZE_MAX in plain digits, else null. */
function pageSize(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const size = Number(text);
  return size >= 1 && size <= HISTORY_PAGE_SIZE_MAX ? size : null;
}

function invalid(field: keyof typeof HISTORY_REASONS) {
  return failWith('VALIDATION_FAILED', { field, reason: HISTORY_REASONS[field] });
}

export function toRow(record: PaymentRecord): PaymentHistoryRow {
  return {
    transactionId: record.transactionId,
    createdAt: record.createdAt.toISOString(),
    amount: formatSen(record.amountSen),
    paymentMethod: record.paymentMethod,
    status: record.status,
    receiptNumber: record.receiptNumber,
    paidAt: record.paidAt === null ? null : record.paidAt.toISOString(),
    refundedAmount: formatSen(record.refundedSen),
  };
}
