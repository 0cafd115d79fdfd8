import {
  type PaymentSearchQuery,
  REFUND_STATUSES,
  type RefundListQuery,
  type RefundMethod,
  type RefundStatus,
} from '../../../src/contract/ops-payments-api';
import { parsePaymentFilter } from '../../domain/ops/payment-filter';
import { refundable } from '../../domain/ops/refund';
import {
  type DirectoryPayment,
  type DirectoryRefund,
  type PaymentDirectory,
  type QueuedRefund,
} from '../../ports/payment-directory.port';
import { type PaymentGateways } from '../../ports/payment-gateways.port';
import {
  type ConsoleFailureReason,
  failWith,
  invalidField,
  ok,
  type Result,
  type UseCaseError,
} from '../result';
import {
  decodePaymentCursor,
  decodeRefundCursor,
  encodePaymentCursor,
  encodeRefundCursor,
  maskedPayment,
  type TimelineStep,
  timelineOf,
} from './payment-views';

/** Payments on one page of the search (the bench reads it too). */
export const PAGE_SIZE = 20;

/** A page of the search, newest first: the member masked. */
export interface PaymentPage {
  payments: DirectoryPayment[];
  nextCursor: string | null;
}

/** One payment's page: what may still be refunded, and how the money would go back. */
export interface PaymentRecord {
  payment: DirectoryPayment;
  refundableSen: number;
  refundMethod: RefundMethod;
  refunds: DirectoryRefund[];
  timeline: TimelineStep[];
}

export interface RefundPage {
  refunds: QueuedRefund[];
  nextCursor: string | null;
}

/** The rule each search field was refused by, for the 400 naming it. */
const FIELD_REASONS = {
  ref: 'payment-filter-ref',
  member: 'payment-filter-member',
  status: 'payment-filter-status',
  gateway: 'payment-filter-gateway',
  from: 'payment-filter-from',
  to: 'payment-filter-to',
  min_amount: 'payment-filter-min-amount',
  max_amount: 'payment-filter-max-amount',
  cursor: 'cursor-invalid',
} as const satisfies Record<keyof PaymentSearchQuery, ConsoleFailureReason>;

/**
 * The console's payments, read only: the search (every filter combined, newest first, keyset
 * pages, the member masked), one payment's page (its timeline, refunds, what may still be
 * refunded and how the money would go back), and the refunds waiting on someone.
 */
export class PaymentSupportUseCase {
  constructor(
    private readonly directory: PaymentDirectory,
    private readonly gateways: PaymentGateways,
  ) {}

  async search(query: PaymentSearchQuery): Promise<Result<PaymentPage, UseCaseError>> {
    const filter = parsePaymentFilter(query);
    if (!filter.ok) {
      const field = filter.error.field;
      return invalidField(field, FIELD_REASONS[field]);
    }
    const after = query.cursor === undefined ? undefined : decodePaymentCursor(query.cursor);
    if (after === null) return invalidField('cursor', FIELD_REASONS.cursor);
    const found = await this.directory.search(filter.value, { after, limit: PAGE_SIZE + 1 });
    const page = found.slice(0, PAGE_SIZE);
    return ok({
      payments: page.map(maskedPayment),
      nextCursor: found.length > PAGE_SIZE ? encodePaymentCursor(page[page.length - 1].key) : null,
    });
  }

  async detail(transactionId: string): Promise<Result<PaymentRecord, UseCaseError>> {
    const payment = await this.directory.byId(transactionId);
    if (payment === null) return failWith('NOT_FOUND');
    const [messages, refunds] = await Promise.all([
      this.directory.messagesOf(transactionId),
      this.directory.refundsOf(transactionId),
    ]);
    const left = payment.status === 'completed' ? refundable(payment.amountSen, refunds) : 0;
    return ok({
      payment: maskedPayment(payment),
      refundableSen: left,
      // A gateway no longer configured cannot be sent a refund: only a bank transfer is left.
      refundMethod: this.gateways.byName(payment.gateway)?.capabilities.refunds ?? 'manual',
      refunds,
      timeline: timelineOf(payment, messages, refunds),
    });
  }

  /** Refunds in one status, or those waiting on someone; newest first, keyset pages. */
  async refunds(query: RefundListQuery): Promise<Result<RefundPage, UseCaseError>> {
    const status = query.status;
    if (status !== undefined && !(REFUND_STATUSES as readonly string[]).includes(status)) {
      return invalidField('status', 'refund-status-unknown');
    }
    const after = query.cursor === undefined ? undefined : decodeRefundCursor(query.cursor);
    if (after === null) return invalidField('cursor', FIELD_REASONS.cursor);
    const found = await this.directory.openRefunds(status as RefundStatus | undefined, {
      after,
      limit: PAGE_SIZE + 1,
    });
    const page = found.slice(0, PAGE_SIZE);
    const last = page[page.length - 1];
    return ok({
      refunds: page,
      nextCursor:
        found.length > PAGE_SIZE
          ? encodeRefundCursor({ requestedAt: last.requestedAt, id: last.id })
          : null,
    });
  }
}
