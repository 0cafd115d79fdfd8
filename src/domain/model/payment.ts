import { isPaymentStatus, type PaymentStatus } from '../../contract/payment';

export { PAYMENT_STATUSES, isFinalStatus, isPaymentStatus } from '../../contract/payment';
export type { PaymentStatus } from '../../contract/payment';

/**
 * A transaction's status as read from /transaction/details: the spec saw 'success' as well as
 * 'completed', and both mean the same. Anything unknown is treated as still pending, so a page
 * keeps polling rather than claiming an outcome it was not told.
 */
export const toPaymentStatus = (value: unknown): PaymentStatus => {
  if (value === 'success') return 'completed';
  return isPaymentStatus(value) ? value : 'pending';
};

/**
 * The answer of POST /transaction/generate-payment-request-body, kept in its wire shape: it is
 * stored as is (StorageKeys.paymentRequest) and its fields become the gateway form's fields.
 */
export interface PaymentRequestData {
  payment_id: string;
  status: PaymentStatus;
  transactionId: string;
  clientId: string;
  clientSecret: string;
  custName: string;
  custMobile: string;
  custEmail: string;
  amount: string;
  returnUrl: string;
  callbackUrl: string;
  paymentMethod: string;
  hashVal: string;
}

/** The hidden fields posted to the gateway, in the order of spec section 7. */
export const GATEWAY_FIELD_NAMES = [
  'clientId',
  'clientSecret',
  'transactionId',
  'custName',
  'custMobile',
  'custEmail',
  'amount',
  'returnUrl',
  'callbackUrl',
  'paymentMethod',
  'hashVal',
] as const;
export type GatewayFieldName = (typeof GATEWAY_FIELD_NAMES)[number];
export type GatewayFields = Record<GatewayFieldName, string>;

/** The gateway form's fields; custName falls back to the logged-in member's name. */
export function gatewayFields(request: PaymentRequestData, memberName?: string): GatewayFields {
  const fields = {} as GatewayFields;
  for (const name of GATEWAY_FIELD_NAMES) fields[name] = String(request[name] ?? '');
  if (fields.custName.trim() === '') fields.custName = memberName ?? '';
  return fields;
}

/** The stored request data, or null when there is none or it cannot be read. */
export function parseStoredPaymentRequest(raw: string | null): PaymentRequestData | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && 'transactionId' in parsed
      ? (parsed as PaymentRequestData)
      : null;
  } catch {
    return null;
  }
}

/** A transaction as GET /transaction/details describes it. */
export interface Transaction {
  transactionId: string;
  status: PaymentStatus;
  /** Decimal string such as '123.45'; undefined when the server did not say. */
  amount?: string;
}

/**
 * Why a payment call did not succeed, for the screen to show: the server's own message when it
 * sent one, else the i18n key of the fallback text.
 */
export interface PaymentFailure {
  serverMessage?: string;
  key: string;
}

/** i18n keys of the payment toasts (spec section 8), shared by the payment and status screens. */
export const PaymentMessages = {
  initiated: 'payment.messages.initiated',
  completed: 'payment.messages.completed',
  failed: 'payment.messages.failed',
  createFailed: 'payment.messages.createFailed',
  checkFailed: 'payment.messages.checkFailed',
  checkError: 'payment.messages.checkError',
} as const;
