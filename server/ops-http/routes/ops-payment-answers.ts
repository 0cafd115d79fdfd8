import { type OpsResponseOf } from '../../../src/contract/ops-endpoints';
import { REFUND_STATUSES } from '../../../src/contract/ops-payments-api';
import { PAYMENT_STATUSES } from '../../../src/contract/payment';
import { schemaOf } from '../../http/routes/json-schema';

/**
 * The `data` schemas of the console's payments, refunds, step-up and reports, typed from the
 * contract (ops-endpoints.ts): the serialiser writes these fields and no other.
 */

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const count = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const day = { type: 'string', format: 'date', description: 'A Malaysia calendar day.' } as const;
const money = { type: 'string', description: 'MYR as decimal text.', examples: ['50.00'] } as const;
const paymentStatus = { type: 'string', enum: PAYMENT_STATUSES } as const;
const refundMethod = { type: 'string', enum: ['api', 'manual'] } as const;
const ref = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: text, name: text },
} as const;
const nullableRef = { anyOf: [ref, { type: 'null' }] } as const;
const cursor = { ...nullableText, description: 'The next page’s cursor; null on the last.' };

const paymentSummary = {
  type: 'object',
  description: 'The member masked.',
  required: [
    'transaction_id',
    'receipt_number',
    'gateway',
    'gateway_ref',
    'amount',
    'refunded',
    'status',
    'created_at',
    'paid_at',
    'member',
  ],
  properties: {
    transaction_id: text,
    receipt_number: nullableText,
    gateway: text,
    gateway_ref: nullableText,
    amount: money,
    refunded: { ...money, description: 'Everything refunded so far.' },
    status: paymentStatus,
    created_at: time,
    paid_at: nullableTime,
    member: {
      type: 'object',
      required: ['id', 'name', 'phone_no'],
      properties: { id: text, name: text, phone_no: text },
    },
  },
} as const;

const refundFields = {
  id: text,
  transaction_id: text,
  amount: money,
  status: { type: 'string', enum: REFUND_STATUSES },
  method: refundMethod,
  reason: text,
  requested_by: ref,
  requested_at: time,
  decided_by: nullableRef,
  decided_at: nullableTime,
  decision_reason: nullableText,
  reference: { ...nullableText, description: 'The gateway’s refund id or the transfer’s.' },
  closed_by: nullableRef,
  transfer_date: { type: ['string', 'null'], format: 'date' },
  failure_reason: nullableText,
  updated_at: time,
} as const;
const REFUND_REQUIRED = Object.keys(refundFields) as (keyof typeof refundFields)[];

export const refundAnswer = schemaOf<OpsResponseOf<'requestRefund'>>()({
  type: 'object',
  required: REFUND_REQUIRED,
  properties: refundFields,
});

export const paymentSearchAnswer = schemaOf<OpsResponseOf<'searchPayments'>>()({
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: { items: { type: 'array', items: paymentSummary }, next_cursor: cursor },
});

export const paymentDetailAnswer = schemaOf<OpsResponseOf<'payment'>>()({
  type: 'object',
  required: ['payment', 'refundable', 'refund_method', 'refunds', 'timeline'],
  properties: {
    payment: paymentSummary,
    refundable: { ...money, description: 'What may still be refunded.' },
    refund_method: refundMethod,
    refunds: { type: 'array', items: refundAnswer },
    timeline: {
      type: 'array',
      description: 'Oldest first.',
      items: {
        type: 'object',
        required: ['at', 'kind', 'result', 'detail', 'payload', 'operator'],
        properties: {
          at: time,
          kind: {
            type: 'string',
            enum: [
              'created',
              'handed_to_gateway',
              'callback',
              'redirect',
              'reconcile',
              'requery',
              'refund',
            ],
          },
          result: nullableText,
          detail: nullableText,
          payload: { ...nullableText, description: 'Null after its retention.' },
          operator: nullableRef,
        },
      },
    },
  },
});

export const requeryAnswer = schemaOf<OpsResponseOf<'requeryPayment'>>()({
  type: 'object',
  required: ['result', 'status', 'detail'],
  properties: { result: text, status: paymentStatus, detail: nullableText },
});

export const refundListAnswer = schemaOf<OpsResponseOf<'refunds'>>()({
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: [...REFUND_REQUIRED, 'payment_amount', 'gateway'],
        properties: { ...refundFields, payment_amount: money, gateway: text },
      },
    },
    next_cursor: cursor,
  },
});

export const stepUpAnswer = schemaOf<OpsResponseOf<'stepUp'>>()({
  type: 'object',
  required: ['step_up_until'],
  properties: { step_up_until: time },
});

const figures = {
  type: 'object',
  required: ['count', 'amount'],
  properties: { count, amount: money },
} as const;
const dayFigures = {
  completed: figures,
  failed: figures,
  pending: figures,
  refunded: figures,
  success_rate: { type: ['number', 'null'], description: 'completed / (completed + failed).' },
} as const;
const DAY_REQUIRED = Object.keys(dayFigures) as (keyof typeof dayFigures)[];

export const reportSummaryAnswer = schemaOf<OpsResponseOf<'reportSummary'>>()({
  type: 'object',
  required: ['days', 'totals'],
  properties: {
    days: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', ...DAY_REQUIRED],
        properties: { day, ...dayFigures },
      },
    },
    totals: { type: 'object', required: DAY_REQUIRED, properties: dayFigures },
  },
});
