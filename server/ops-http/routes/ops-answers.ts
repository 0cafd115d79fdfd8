import { type OpsResponseOf } from '../../../src/contract/ops-endpoints';
import { OPS_ROLES, PERMISSIONS, type Permission } from '../../../src/contract/ops-roles';
import { passkeyOptionsAnswer } from '../../http/routes/answers';
import { schemaOf } from '../../http/routes/json-schema';

/**
 * The `data` schema of each console call's success (sign-in, members, operators, audit), typed
 * from the contract (ops-endpoints.ts) as the member API's are (answers.ts): the serialiser
 * writes these fields and no other, and docs/openapi-console.json shows them.
 */

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const count = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const cursor = { ...nullableText, description: 'The next page’s cursor; null on the last.' };
const money = { type: 'string', description: 'MYR as decimal text.', examples: ['50.00'] } as const;
const role = { type: 'string', enum: OPS_ROLES } as const;
const ref = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: text, name: text },
} as const;

export { passkeyOptionsAnswer };

const operator = { id: text, name: text, email: text, role } as const;

export const enrolmentStartAnswer = schemaOf<OpsResponseOf<'enrolmentStart'>>()({
  type: 'object',
  required: ['name', 'email', 'role', 'totp_secret', 'totp_uri'],
  properties: {
    name: text,
    email: text,
    role,
    totp_secret: { ...text, description: 'The TOTP secret in base32.' },
    totp_uri: { ...text, description: 'Its otpauth:// URI, for a QR code.' },
  },
});

export const sessionAnswerSchema = schemaOf<OpsResponseOf<'session'>>()({
  type: 'object',
  required: [
    'operator',
    'permissions',
    'csrf_token',
    'idle_expires_at',
    'expires_at',
    'step_up_until',
  ],
  properties: {
    operator: { type: 'object', required: ['id', 'name', 'email', 'role'], properties: operator },
    permissions: {
      type: 'array',
      items: { type: 'string', enum: Object.keys(PERMISSIONS) as Permission[] },
    },
    csrf_token: { ...text, description: 'Sent back in X-CSRF-Token on every call that writes.' },
    idle_expires_at: { ...time, description: 'Moves on with every call.' },
    expires_at: { ...time, description: 'Never moves.' },
    step_up_until: { ...time, description: 'Until when refunds need no second factor again.' },
  },
});

const memberSummary = {
  type: 'object',
  description: 'Personal data masked.',
  required: ['id', 'name', 'phone_no', 'ic_or_passport', 'created_at', 'sign_in_disabled'],
  properties: {
    id: text,
    name: text,
    phone_no: text,
    ic_or_passport: text,
    created_at: time,
    sign_in_disabled: { type: 'boolean' },
  },
} as const;

export const memberSearchAnswer = schemaOf<OpsResponseOf<'searchMembers'>>()({
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: { items: { type: 'array', items: memberSummary }, next_cursor: cursor },
});

export const memberDetailAnswer = schemaOf<OpsResponseOf<'member'>>()({
  type: 'object',
  required: [
    'member',
    'last_sign_in_at',
    'sessions',
    'passkeys',
    'payments',
    'throttle',
    'sms_messages',
  ],
  properties: {
    member: memberSummary,
    last_sign_in_at: nullableTime,
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['device', 'started_at', 'last_active_at'],
        properties: { device: nullableText, started_at: time, last_active_at: time },
      },
    },
    passkeys: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'created_at'],
        properties: { name: text, created_at: time },
      },
    },
    payments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['payment_id', 'receipt_number', 'amount', 'status', 'created_at'],
        properties: {
          payment_id: text,
          receipt_number: nullableText,
          amount: money,
          status: text,
          created_at: time,
        },
      },
    },
    throttle: {
      type: 'object',
      required: ['failures', 'locked'],
      properties: { failures: count, locked: { type: 'boolean' } },
    },
    sms_messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['purpose', 'requested_at', 'status', 'error', 'status_at'],
        properties: {
          purpose: text,
          requested_at: time,
          status: {
            type: ['string', 'null'],
            enum: ['queued', 'sent', 'delivered', 'failed', null],
          },
          error: nullableText,
          status_at: nullableTime,
        },
      },
    },
  },
});

export const revealAnswer = schemaOf<OpsResponseOf<'revealMember'>>()({
  type: 'object',
  required: ['name', 'phone_no', 'ic_or_passport'],
  properties: { name: text, phone_no: text, ic_or_passport: text },
});

export const signedOutAnswer = schemaOf<OpsResponseOf<'signMemberOutEverywhere'>>()({
  type: 'object',
  required: ['signed_out'],
  properties: { signed_out: { ...count, description: 'Sessions ended.' } },
});

export const operatorListAnswer = schemaOf<OpsResponseOf<'operators'>>()({
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'email', 'role', 'enrolled', 'disabled', 'created_at'],
        properties: {
          ...operator,
          enrolled: { type: 'boolean' },
          disabled: { type: 'boolean' },
          created_at: time,
        },
      },
    },
  },
});

const enrolmentLink = {
  type: 'object',
  description: 'A one-time enrolment link, valid for 24 hours.',
  required: ['enrolment_url', 'expires_at'],
  properties: { enrolment_url: text, expires_at: time },
} as const;

export const enrolmentLinkAnswer = schemaOf<OpsResponseOf<'createOperator'>>()(enrolmentLink);

const change = {
  type: 'object',
  required: ['id', 'operator', 'kind', 'role', 'reason', 'requested_by', 'requested_at'],
  properties: {
    id: text,
    operator: ref,
    kind: { type: 'string', enum: ['reset-second-factor', 'role'] },
    role: {
      type: ['string', 'null'],
      enum: [...OPS_ROLES, null],
      description: 'Null for a reset.',
    },
    reason: text,
    requested_by: ref,
    requested_at: time,
  },
} as const;

export const operatorChangeAnswer = schemaOf<OpsResponseOf<'changeOperatorRole'>>()({
  type: 'object',
  required: ['pending'],
  properties: {
    pending: {
      description: 'The change waiting for a second admin, if it waits.',
      anyOf: [change, { type: 'null' }],
    },
  },
});

export const signInLockAnswer = schemaOf<OpsResponseOf<'clearOperatorSignInLock'>>()({
  type: 'object',
  required: ['cleared'],
  properties: { cleared: { ...count, description: 'Failed sign-ins the lock held.' } },
});

export const approvalsAnswer = schemaOf<OpsResponseOf<'operatorApprovals'>>()({
  type: 'object',
  required: ['changes', 'unconfirmed'],
  properties: {
    changes: { type: 'array', items: change },
    unconfirmed: {
      type: 'array',
      items: {
        type: 'object',
        required: ['operator', 'link_holder', 'enrolled', 'since'],
        properties: {
          operator: ref,
          link_holder: { anyOf: [ref, { type: 'null' }] },
          enrolled: { type: 'boolean' },
          since: time,
        },
      },
    },
  },
});

export const approveAnswer = schemaOf<OpsResponseOf<'approveOperatorChange'>>()({
  type: 'object',
  required: ['link'],
  properties: {
    link: {
      description: 'A reset’s new enrolment link.',
      anyOf: [enrolmentLink, { type: 'null' }],
    },
  },
});
