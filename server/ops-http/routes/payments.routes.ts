import { type FastifyInstance } from 'fastify';
import {
  OpsPaymentPaths,
  type PaymentSearchQuery,
  REFUND_STATUSES,
  type RefundListQuery,
} from '../../../src/contract/ops-payments-api';
import { PAYMENT_STATUSES } from '../../../src/contract/payment';
import { type ServerContainer } from '../../container';
import { TRANSACTION_ID_PATTERN } from '../../domain/transaction';
import { success } from '../../http/envelope';
import { ApiError, valueOrThrow } from '../../http/errors';
import { actorOf, allowed } from '../guard';
import { paymentDetailResponse, paymentSearchResponse, refundListResponse } from './payment-wire';

/** A Malaysia calendar day, YYYY-MM-DD (its range is checked by the filter). */
export const DAY_SCHEMA = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const AMOUNT = { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,2})?$' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const CURSOR = { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' } as const;

/** The payments search's query (GET /payments, and the CSV export of the same search). */
export const PAYMENT_SEARCH_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ref: text(100),
    member: text(100),
    status: { type: 'string', enum: [...PAYMENT_STATUSES] },
    gateway: text(32),
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

const PAYMENT_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: TRANSACTION_ID_PATTERN.source } },
} as const;

type ById = { Params: { id: string } };

/**
 * The console's payments (`payments.read`, every role): the search, one payment's page, the
 * refunds queue; and "ask the gateway now" (`payments.requery`), limited per operator.
 */
export function opsPaymentRoutes(app: FastifyInstance, container: ServerContainer): void {
  const support = container.paymentSupport;

  app.get<{ Querystring: PaymentSearchQuery }>(
    OpsPaymentPaths.payments,
    {
      preHandler: allowed(app, container, 'payments.read', 120),
      schema: { querystring: PAYMENT_SEARCH_QUERY },
    },
    async (request) =>
      success('OK', paymentSearchResponse(valueOrThrow(await support.search(request.query)))),
  );

  app.get<ById>(
    `${OpsPaymentPaths.payment}/:id`,
    {
      preHandler: allowed(app, container, 'payments.read', 120),
      schema: { params: PAYMENT_PARAMS },
    },
    async (request) =>
      success('OK', paymentDetailResponse(valueOrThrow(await support.detail(request.params.id)))),
  );

  app.post<ById>(
    `${OpsPaymentPaths.payment}/:id/${OpsPaymentPaths.requerySuffix}`,
    {
      preHandler: allowed(app, container, 'payments.requery', 10),
      schema: { params: PAYMENT_PARAMS },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.kind !== 'operator') throw new ApiError('AUTH_REQUIRED');
      const answer = valueOrThrow(await container.paymentRequery.requery(actor, request.params.id));
      return success('OK', answer);
    },
  );

  app.get<{ Querystring: RefundListQuery }>(
    OpsPaymentPaths.refunds,
    {
      preHandler: allowed(app, container, 'payments.read', 120),
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: [...REFUND_STATUSES] }, cursor: CURSOR },
        },
      },
    },
    async (request) =>
      success('OK', refundListResponse(valueOrThrow(await support.refunds(request.query)))),
  );
}
