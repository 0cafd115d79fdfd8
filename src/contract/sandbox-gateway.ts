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
