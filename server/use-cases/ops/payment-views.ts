import { formatSen } from '../../../src/contract/money';
import { type TimelineKind } from '../../../src/contract/ops-payments-api';
import { maskName, maskPhone } from '../../domain/ops/masking';
import { instantFromText } from '../../domain/instant-range';
import { isTransactionId } from '../../domain/transaction';
import {
  type DirectoryPayment,
  type DirectoryRefund,
  type NamedOperator,
  type PaymentKey,
  type PaymentMessage,
  type RefundKey,
} from '../../ports/payment-directory.port';

/** A payment as the console sees it: the member masked, as the member search does. */
export const maskedPayment = (payment: DirectoryPayment): DirectoryPayment => ({
  ...payment,
  member: {
    id: payment.member.id,
    name: maskName(payment.member.name),
    phoneNo: maskPhone(payment.member.phoneNo),
  },
});

/** One step of a payment's timeline: its outcome, message and operator, where it has them. */
export interface TimelineStep {
  at: Date;
  kind: TimelineKind;
  result: string | null;
  detail: string | null;
  payload: string | null;
  operator: NamedOperator | null;
}

type Step = Pick<TimelineStep, 'at' | 'kind' | 'detail'> & Partial<TimelineStep>;

/** A refund's steps: asked for, decided, and paid back or failed. */
function refundSteps(refund: DirectoryRefund): Step[] {
  const amount = formatSen(refund.amountSen);
  const steps: Step[] = [
    {
      at: refund.requestedAt,
      kind: 'refund',
      result: 'requested',
      detail: `${amount}: ${refund.reason}`,
      operator: refund.requestedBy,
    },
  ];
  if (refund.decidedAt !== null) {
    steps.push({
      at: refund.decidedAt,
      kind: 'refund',
      result: refund.status === 'rejected' ? 'rejected' : 'approved',
      detail: `${amount}: ${refund.decisionReason ?? ''}`.trim(),
      operator: refund.decidedBy,
    });
  }
  if (refund.refundedAt !== null) {
    const how = refund.method === 'manual' ? 'bank transfer' : 'gateway refund';
    const reference = refund.reference === null ? '' : ` ${refund.reference}`;
    steps.push({
      at: refund.refundedAt,
      kind: 'refund',
      result: 'refunded',
      detail: `${amount}: ${how}${reference}`,
      operator: refund.closedBy,
    });
  }
  if (refund.status === 'refund_failed') {
    const reason = refund.failureReason ?? 'the gateway refused it';
    steps.push({ at: refund.updatedAt, kind: 'refund', result: 'refund_failed', detail: reason });
  }
  return steps;
}

/**
 * What happened to a payment, oldest first: created and handed to its gateway, every message
 * kept for it (a payload emptied after its retention is shown as none, only its outcome), and
 * every refund step with the operator who took it.
 */
export function timelineOf(
  payment: DirectoryPayment,
  messages: PaymentMessage[],
  refunds: DirectoryRefund[],
): TimelineStep[] {
  const ref = payment.gatewayRef === null ? '' : ` (${payment.gatewayRef})`;
  const steps: Step[] = [
    { at: payment.createdAt, kind: 'created', detail: formatSen(payment.amountSen) },
    { at: payment.createdAt, kind: 'handed_to_gateway', detail: `${payment.gateway}${ref}` },
    ...messages.map((message) => ({
      at: message.receivedAt,
      kind: message.source,
      result: message.result,
      detail: message.reason,
      payload: message.payload === '' ? null : message.payload,
      operator: message.operator,
    })),
    ...refunds.flatMap(refundSteps),
  ];
  // A stable sort: steps at the same instant keep the order above.
  return steps
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((step) => ({ result: null, payload: null, operator: null, ...step }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encode = (value: [string, string]) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [first, second] = value as unknown[];
    return typeof first === 'string' && typeof second === 'string' ? [first, second] : null;
  } catch {
    return null;
  }
}

/** A keyset cursor over (created_at, id), opaque to the console. */
export const encodePaymentCursor = (key: PaymentKey) => encode([key.createdAt, key.transactionId]);

export function decodePaymentCursor(cursor: string): PaymentKey | null {
  const pair = decode(cursor);
  // A time as created_at::text gives it, a real one in range (never one the database refuses).
  if (pair === null || instantFromText(pair[0]) === null || !isTransactionId(pair[1])) return null;
  return { createdAt: pair[0], transactionId: pair[1] };
}

/** A keyset cursor over (requested_at, id), opaque to the console. */
export const encodeRefundCursor = (key: RefundKey) =>
  encode([key.requestedAt.toISOString(), key.id]);

export function decodeRefundCursor(cursor: string): RefundKey | null {
  const pair = decode(cursor);
  const requestedAt = pair === null ? null : instantFromText(pair[0]);
  if (pair === null || requestedAt === null || !UUID.test(pair[1])) return null;
  return { requestedAt, id: pair[1] };
}
