import type { PaymentStatus as TransactionStatus } from './payment';

/**
 * The canonical strings both sides of the gateway sign with HMAC-SHA256 (key GATEWAY_SECRET).
 * Field order is fixed; changing it breaks every signature in flight.
 */

/** The fields the browser carries from the server to the gateway's payment page. */
export interface HandOffFields {
  clientId: string;
  transactionId: string;
  /** '123.45' */
  amount: string;
  custName: string;
  custMobile: string;
  custEmail: string;
  returnUrl: string;
  callbackUrl: string;
  paymentMethod: string;
}

export const HAND_OFF_FIELD_ORDER = [
  'clientId',
  'transactionId',
  'amount',
  'custName',
  'custMobile',
  'custEmail',
  'returnUrl',
  'callbackUrl',
  'paymentMethod',
] as const satisfies readonly (keyof HandOffFields)[];

/**
 * hashVal = hex(HMAC-SHA256(GATEWAY_SECRET,
 *   enc(clientId)|enc(transactionId)|enc(amount)|enc(custName)|enc(custMobile)|enc(custEmail)|
 *   enc(returnUrl)|enc(callbackUrl)|enc(paymentMethod)))
 * where enc = encodeURIComponent. Encoding each field first means a '|' inside a member's name
 * cannot shift field boundaries, so no two different field sets share a canonical string.
 * clientSecret is always '' and is not signed.
 */
export function handOffCanonical(fields: HandOffFields): string {
  return HAND_OFF_FIELD_ORDER.map((name) => encodeURIComponent(fields[name])).join('|');
}

/** A gateway's statement about one payment: sent as a callback and as a status answer. */
export interface GatewayOutcomeMessage {
  transactionId: string;
  status: TransactionStatus;
  /** '123.45' */
  amount: string;
  /** Unix seconds when the gateway signed it. */
  timestamp: number;
}

/**
 * signature = hex(HMAC-SHA256(GATEWAY_SECRET, 'transactionId|status|amount|timestamp')).
 * Every field is validated to a '|'-free format before it is verified, so plain joining is safe.
 */
export function gatewayOutcomeCanonical(message: GatewayOutcomeMessage): string {
  return [message.transactionId, message.status, message.amount, String(message.timestamp)].join(
    '|',
  );
}

/** Callbacks signed longer ago (or further ahead) than this are refused as stale. */
export const MAX_CALLBACK_SKEW_S = 300;

export function isTimestampFresh(timestampS: number, now: Date): boolean {
  return Math.abs(now.getTime() / 1000 - timestampS) <= MAX_CALLBACK_SKEW_S;
}

/**
 * A refund the merchant asks for, server to server: POST {refundUrl} (the sandbox's `/refunds`,
 * beside its payment page) with this JSON and `signature` =
 * hex(HMAC-SHA256(GATEWAY_SECRET, refundRequestCanonical(message))). The gateway refuses a
 * request whose signature, merchant or time (MAX_CALLBACK_SKEW_S) is wrong with HTTP 401, and
 * one that is not this shape with 400; any other request it answers 200 with a signed
 * RefundAnswerMessage.
 */
export interface RefundRequestMessage {
  /** Our merchant id at the gateway (GATEWAY_CLIENT_ID). */
  clientId: string;
  /** The payment to refund, as named in its hand-off. */
  transactionId: string;
  /**
   * The merchant's id of this refund, and the idempotency key: asked again, the gateway answers
   * the first answer and refunds nothing twice.
   */
  refundId: string;
  /** '12.34': more than zero; the refunds of a payment may not add up to more than it. */
  amount: string;
  /** Unix seconds when the merchant signed it. */
  timestamp: number;
}

/** A refund id as the gateway takes it: URL-safe, 1 to 64 characters (a UUID fits). */
export const REFUND_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Why the gateway did not refund: the payment is not its, not paid, or has no room left. */
export const REFUND_FAILURE_REASONS = [
  'payment_not_found',
  'payment_not_completed',
  'exceeds_refundable',
  /** The refund id was used before for another payment or another amount. */
  'refund_id_reused',
] as const;
export type RefundFailureReason = (typeof REFUND_FAILURE_REASONS)[number];

/** What the gateway answers a refund request (HTTP 200), with `signature` over its canonical. */
export interface RefundAnswerMessage {
  transactionId: string;
  refundId: string;
  status: 'refunded' | 'failed';
  /** '12.34', as asked. */
  amount: string;
  /** The gateway's reference of the refund when `refunded`; '' when `failed`. */
  refundRef: string;
  /** One of REFUND_FAILURE_REASONS when `failed`; '' when `refunded`. */
  reason: string;
}

/**
 * 'refund|clientId|transactionId|refundId|amount|timestamp', each field encodeURIComponent'd.
 * The leading tag keeps a signed request from ever reading as another signed message.
 */
export function refundRequestCanonical(message: RefundRequestMessage): string {
  const { clientId, transactionId, refundId, amount, timestamp } = message;
  return ['refund', clientId, transactionId, refundId, amount, String(timestamp)]
    .map(encodeURIComponent)
    .join('|');
}

/** 'refund-answer|transactionId|refundId|status|amount|refundRef|reason', each field encoded. */
export function refundAnswerCanonical(message: RefundAnswerMessage): string {
  const { transactionId, refundId, status, amount, refundRef, reason } = message;
  return ['refund-answer', transactionId, refundId, status, amount, refundRef, reason]
    .map(encodeURIComponent)
    .join('|');
}
