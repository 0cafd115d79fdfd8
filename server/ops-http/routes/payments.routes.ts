import { type FastifyInstance } from 'fastify';
import { GATEWAY_KINDS } from '../../../src/contract/gateways';
import { type PaymentSearchQuery, REFUND_STATUSES } from '../../../src/contract/ops-payments-api';
import { PAYMENT_STATUSES } from '../../../src/contract/payment';
import { type ServerContainer } from '../../container';
import { TRANSACTION_ID_PATTERN } from '../../domain/transaction';
import { success } from '../../http/envelope';
import { ApiError, valueOrThrow } from '../../http/errors';
import { actorOf, allowed } from '../guard';
import { paymentDetailResponse, paymentSearchResponse, refundListResponse } from './payment-wire';
import {
  paymentDetailAnswer,
  paymentSearchAnswer,
  refundListAnswer,
  requeryAnswer,
} from './ops-payment-answers';
import { opsRoute } from './ops-route';

/** A Malaysia calendar day, YYYY-MM-DD (its range is checked by the filter). */
export const DAY_SCHEMA = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const AMOUNT = { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,2})?$' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const CURSOR = { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' } as const;
export const PAYMENT_TAGS = ['Payments'];

/** The payments search's query (GET /payments, and the CSV export of the same search). */
export const PAYMENT_SEARCH_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ref: text(100),
    member: text(100),
    status: { type: 'string', enum: [...PAYMENT_STATUSES] },
    gateway: { ...text(32), examples: [...GATEWAY_KINDS] },
    from: DAY_SCHEMA,
    to: DAY_SCHEMA,
    min_amount: AMOUNT,
    max_amount: AMOUNT,
    cursor: CURSOR,
  },
} as const satisfies {
  type: string;
  additionalProperties: boolean;
  properties: Record<keyof PaymentSearchQuery, object>;
};

/** A payment's transaction id in the path. */
export const PAYMENT_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: TRANSACTION_ID_PATTERN.source } },
} as const;

/**
 * The console's payments (`payments.read`, every role): the search, one payment's page, the
 * refunds queue; and "ask the gateway now" (`payments.requery`), limited per operator.
 */
export function opsPaymentRoutes(app: FastifyInstance, container: ServerContainer): void {
  const support = container.paymentSupport;
  const read = () => ({ preHandler: allowed(app, container, 'payments.read', 120) });

  opsRoute(
    app,
    'searchPayments',
    {
      summary: 'Find payments, newest first',
      tags: PAYMENT_TAGS,
      querystring: PAYMENT_SEARCH_QUERY,
      data: paymentSearchAnswer,
      options: read(),
    },
    async (request) =>
      success('OK', paymentSearchResponse(valueOrThrow(await support.search(request.query)))),
  );

  opsRoute(
    app,
    'payment',
    {
      summary: 'One payment’s page: its refunds and its timeline',
      tags: PAYMENT_TAGS,
      params: PAYMENT_PARAMS,
      data: paymentDetailAnswer,
      options: read(),
    },
    async (request) =>
      success('OK', paymentDetailResponse(valueOrThrow(await support.detail(request.params.id)))),
  );

  opsRoute(
    app,
    'requeryPayment',
    {
      summary: 'Ask the gateway about a payment now and apply its final answer',
      tags: PAYMENT_TAGS,
      params: PAYMENT_PARAMS,
      data: requeryAnswer,
      options: { preHandler: allowed(app, container, 'payments.requery', 10) },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.kind !== 'operator') throw new ApiError('AUTH_REQUIRED');
      const answer = valueOrThrow(await container.paymentRequery.requery(actor, request.params.id));
      return success('OK', answer);
    },
  );

  opsRoute(
    app,
    'refunds',
    {
      summary: 'Refunds waiting for a decision or a bank transfer, newest first',
      tags: ['Refunds'],
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { status: { type: 'string', enum: [...REFUND_STATUSES] }, cursor: CURSOR },
      },
      data: refundListAnswer,
      options: read(),
    },
    async (request) =>
      success('OK', refundListResponse(valueOrThrow(await support.refunds(request.query)))),
  );
}
