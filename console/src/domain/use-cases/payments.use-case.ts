import { formatSen } from '../../../../src/contract/money';
import {
  OpsPaymentPaths,
  type PaymentDetailResponse,
  type PaymentSearchQuery,
  type PaymentSearchResponse,
  type RequeryResponse,
} from '../../../../src/contract/ops-payments-api';
import { isPaymentStatus } from '../../../../src/contract/payment';
import { err } from '../../../../src/contract/result';
import { isDay } from '../malaysia-day';
import { amountFilterError, ringgitToSen } from '../payment-rules';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';

/** The search form's fields, in the form's order. */
export const PAYMENT_FILTERS = [
  'ref',
  'member',
  'status',
  'gateway',
  'from',
  'to',
  'min_amount',
  'max_amount',
] as const;
export type PaymentFilterField = (typeof PAYMENT_FILTERS)[number];
export type PaymentFilterValues = Record<PaymentFilterField, string>;

export const EMPTY_PAYMENT_FILTERS: PaymentFilterValues = {
  ref: '',
  member: '',
  status: '',
  gateway: '',
  from: '',
  to: '',
  min_amount: '',
  max_amount: '',
};

export type PaymentFilterErrors = Partial<Record<PaymentFilterField, string>>;

/** What is wrong with the filters before any call: amounts, dates, and ranges the wrong way round. */
export function paymentFilterErrors(values: PaymentFilterValues): PaymentFilterErrors {
  const errors: PaymentFilterErrors = {};
  for (const field of ['min_amount', 'max_amount'] as const) {
    const error = amountFilterError(values[field]);
    if (error) errors[field] = error;
  }
  for (const field of ['from', 'to'] as const) {
    const value = values[field].trim();
    if (value !== '' && !isDay(value)) errors[field] = 'errors.dateFormat';
  }
  const { from, to } = values;
  if (!errors.from && !errors.to && from && to && from > to) errors.to = 'errors.rangeReversed';
  const min = ringgitToSen(values.min_amount);
  const max = ringgitToSen(values.max_amount);
  if (!errors.max_amount && min !== null && max !== null && min > max) {
    errors.max_amount = 'errors.rangeReversed';
  }
  return errors;
}

/** The filters as sent: empty ones left out, amounts as the wire's ringgit with two decimals. */
export function paymentQueryOf(values: PaymentFilterValues): PaymentSearchQuery {
  const query: PaymentSearchQuery = {};
  for (const field of ['ref', 'member', 'gateway', 'from', 'to'] as const) {
    const value = values[field].trim();
    if (value) query[field] = value;
  }
  if (isPaymentStatus(values.status)) query.status = values.status;
  for (const field of ['min_amount', 'max_amount'] as const) {
    const sen = ringgitToSen(values[field]);
    if (sen !== null) query[field] = formatSen(sen);
  }
  return query;
}

/** The CSV export's address under the API's base, with the search's filters (every row: no cursor). */
export function paymentsExportHref(apiBase: string, values: PaymentFilterValues): string {
  const search = new URLSearchParams(paymentQueryOf(values) as Record<string, string>).toString();
  return `${apiBase}${OpsPaymentPaths.paymentsExport}${search ? `?${search}` : ''}`;
}

/** Finding payments, reading one with its timeline, and asking the gateway about it now. */
export class PaymentsUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  /** The CSV export at `href` (paymentsExportHref), saved by the browser. */
  download(href: string): Promise<OpsResult<null>> {
    return this.http.download(href, 'payments.csv');
  }

  search(values: PaymentFilterValues, cursor?: string): Promise<OpsResult<PaymentSearchResponse>> {
    const errors = paymentFilterErrors(values);
    const field = PAYMENT_FILTERS.find((f) => errors[f]);
    if (field !== undefined) return Promise.resolve(err({ code: 'VALIDATION_FAILED', field }));
    return this.http.call('searchPayments', {
      ...paymentQueryOf(values),
      ...(cursor !== undefined ? { cursor } : {}),
    });
  }

  detail(id: string): Promise<OpsResult<PaymentDetailResponse>> {
    return this.http.call('payment', undefined, { id });
  }

  /** "Ask the gateway now": its answer goes through the same checks as a callback. */
  requery(id: string): Promise<OpsResult<RequeryResponse>> {
    return this.http.call('requeryPayment', undefined, { id });
  }
}
