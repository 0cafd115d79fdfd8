import { type ResponseOf } from '../../../src/contract/api';
import { PAYMENT_STATUSES } from '../../../src/contract/payment';
import { PAYMENT_METHODS, NATIONALITIES, SMS_PURPOSES } from '../../../src/contract/rules';
import { schemaOf } from './json-schema';
import { refundedMoney, refundsOfPayment } from './refund-answers';

/**
 * The `data` schema of each endpoint's success, typed from the contract (json-schema.ts): the
 * serialiser writes these fields and no other, and the OpenAPI document shows them.
 */

const text = { type: 'string' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const money = {
  type: 'string',
  description: 'MYR as decimal text.',
  examples: ['123.45'],
} as const;
const paymentStatus = { type: 'string', enum: PAYMENT_STATUSES } as const;

const sessionUser = {
  user_id: text,
  name: text,
  phone_no: text,
} as const;

export const loginAnswer = schemaOf<ResponseOf<'login'>>()({
  type: 'object',
  required: ['user_id', 'name', 'phone_no', 'token'],
  properties: { ...sessionUser, token: { ...text, description: 'The bearer token.' } },
});

export const sessionUserAnswer = schemaOf<ResponseOf<'sessionCheck'>>()({
  type: 'object',
  required: ['user_id', 'name', 'phone_no'],
  properties: sessionUser,
});

export const smsCodeAnswer = schemaOf<ResponseOf<'sendSmsCode'>>()({
  type: 'object',
  required: ['expires_in'],
  properties: { expires_in: { type: 'integer', description: 'Seconds the code stays valid.' } },
});

export const userExistsAnswer = schemaOf<ResponseOf<'userExists'>>()({
  type: 'object',
  required: ['can_proceed'],
  properties: {
    can_proceed: { type: 'boolean' },
    reason: { type: 'string', enum: ['MEMBER_PHONE_TAKEN', 'MEMBER_IC_TAKEN'] },
  },
});

export const profileAnswer = schemaOf<ResponseOf<'profile'>>()({
  type: 'object',
  required: ['name', 'phone_no', 'ic_or_passport', 'user_id', 'created_at'],
  properties: {
    name: text,
    phone_no: text,
    ic_or_passport: text,
    user_id: text,
    created_at: time,
  },
});

export const createPaymentAnswer = schemaOf<ResponseOf<'createPayment'>>()({
  type: 'object',
  required: ['payment_id', 'status', 'gateway', 'transactionId', 'amount'],
  properties: {
    payment_id: text,
    status: paymentStatus,
    gateway: {
      type: 'object',
      description: 'Where and how the browser hands the member to the gateway.',
      required: ['url', 'method', 'fields'],
      properties: {
        url: text,
        method: { type: 'string', enum: ['POST', 'GET'] },
        fields: { type: 'object', additionalProperties: text },
      },
    },
    clientId: text,
    clientSecret: { ...text, description: 'Always empty: no secret is handed to a browser.' },
    transactionId: text,
    custName: text,
    custMobile: text,
    custEmail: text,
    amount: money,
    returnUrl: text,
    callbackUrl: text,
    paymentMethod: text,
    hashVal: text,
  },
});

export const paymentStatusAnswer = schemaOf<ResponseOf<'paymentStatus'>>()({
  type: 'object',
  required: ['status'],
  properties: { status: paymentStatus },
});

export const transactionDetailsAnswer = schemaOf<ResponseOf<'transactionDetails'>>()({
  type: 'object',
  required: ['transactionId', 'status', 'amount', 'refundedAmount'],
  properties: {
    transactionId: text,
    status: paymentStatus,
    amount: money,
    receiptNumber: { ...text, description: 'Once the payment completed.' },
    refundedAmount: refundedMoney,
  },
});

export const paymentHistoryAnswer = schemaOf<ResponseOf<'paymentHistory'>>()({
  type: 'object',
  required: ['payments', 'nextCursor'],
  properties: {
    payments: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'transactionId',
          'createdAt',
          'amount',
          'paymentMethod',
          'status',
          'receiptNumber',
          'paidAt',
          'refundedAmount',
        ],
        properties: {
          transactionId: text,
          createdAt: time,
          amount: money,
          paymentMethod: { type: 'string', enum: PAYMENT_METHODS },
          status: paymentStatus,
          receiptNumber: { type: ['string', 'null'] },
          paidAt: nullableTime,
          refundedAmount: refundedMoney,
        },
      },
    },
    nextCursor: { type: ['string', 'null'], description: 'null on the last page.' },
  },
});

const sessionItem = {
  device: { type: ['string', 'null'] },
  started_at: time,
  last_active_at: time,
} as const;

export const memberSessionsAnswer = schemaOf<ResponseOf<'memberSessions'>>()({
  type: 'object',
  required: ['sessions'],
  properties: {
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['session_id', 'device', 'started_at', 'last_active_at', 'current'],
        properties: { session_id: text, ...sessionItem, current: { type: 'boolean' } },
      },
    },
  },
});

export const signOutOthersAnswer = schemaOf<ResponseOf<'signOutOtherSessions'>>()({
  type: 'object',
  required: ['signed_out'],
  properties: { signed_out: { type: 'integer' } },
});

const passkey = schemaOf<ResponseOf<'registerPasskey'>>()({
  type: 'object',
  required: ['passkey_id', 'name', 'created_at', 'last_used_at'],
  properties: { passkey_id: text, name: text, created_at: time, last_used_at: nullableTime },
});
export { passkey as passkeyAnswer };

export const passkeysAnswer = schemaOf<ResponseOf<'passkeys'>>()({
  type: 'object',
  required: ['passkeys'],
  properties: { passkeys: { type: 'array', items: passkey } },
});

export const passkeyOptionsAnswer = schemaOf<ResponseOf<'passkeyLoginOptions'>>()({
  type: 'object',
  required: ['options'],
  properties: {
    options: {
      type: 'object',
      description: 'The WebAuthn options (creation or request) in their JSON form.',
      additionalProperties: true,
      required: ['challenge'],
      properties: { challenge: text },
    },
  },
});

export const personalDataAnswer = schemaOf<ResponseOf<'personalData'>>()({
  type: 'object',
  required: ['exported_at', 'profile', 'sessions', 'payments', 'sms_codes_sent', 'passkeys'],
  properties: {
    exported_at: time,
    profile: {
      type: 'object',
      required: [
        'user_id',
        'name',
        'nationality',
        'ic_or_passport',
        'phone_no',
        'created_at',
        'updated_at',
      ],
      properties: {
        user_id: text,
        name: text,
        nationality: { type: 'string', enum: NATIONALITIES },
        ic_or_passport: text,
        phone_no: text,
        created_at: time,
        updated_at: time,
      },
    },
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['device', 'started_at', 'last_active_at', 'signed_out_at'],
        properties: { ...sessionItem, signed_out_at: nullableTime },
      },
    },
    payments: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'payment_id',
          'amount',
          'currency',
          'payment_method',
          'status',
          'created_at',
          'finalised_at',
          'receipt_number',
          'refunds',
        ],
        properties: {
          payment_id: text,
          amount: money,
          currency: { type: 'string', enum: ['MYR'] },
          payment_method: text,
          status: paymentStatus,
          created_at: time,
          finalised_at: nullableTime,
          receipt_number: { type: ['string', 'null'] },
          refunds: refundsOfPayment,
        },
      },
    },
    sms_codes_sent: {
      type: 'array',
      items: {
        type: 'object',
        required: ['purpose', 'sent_at'],
        properties: { purpose: { type: 'string', enum: SMS_PURPOSES }, sent_at: time },
      },
    },
    passkeys: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'created_at', 'last_used_at'],
        properties: { name: text, created_at: time, last_used_at: nullableTime },
      },
    },
  },
});

/** A gateway's callback: the payment's status once it is applied (not a contract endpoint). */
export const callbackAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: paymentStatus },
} as const;
