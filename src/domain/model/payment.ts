import type { CreatePaymentResponse } from '../../contract/api';
import type { Failure } from './failure';
import { isPaymentStatus, type GatewayHandOff, type PaymentStatus } from '../../contract/payment';

export { isFinalStatus, isPaymentStatus } from '../../contract/payment';
export type { GatewayHandOff, PaymentStatus } from '../../contract/payment';

/**
 * A transaction's status as read from /transaction/details: 'success' (sent by older servers)
 * and 'completed' mean the same. Anything unknown is treated as still pending, so a page
 * keeps polling rather than claiming an outcome it was not told.
 */
export const toPaymentStatus = (value: unknown): PaymentStatus => {
  if (value === 'success') return 'completed';
  return isPaymentStatus(value) ? value : 'pending';
};

/**
 * The answer of POST /transaction/generate-payment-request-body, kept in its wire shape: it is
 * stored as is (StorageKeys.paymentRequest) for the status page, and its `gateway` says where and
 * how the browser hands the member to the gateway.
 */
export type PaymentRequestData = CreatePaymentResponse;

/**
 * The hand-off as the tab receives it: the server's, with an empty custName field filled from the
 * logged-in member's name. A copy: the stored answer stays as sent.
 */
export function handOffFor(request: PaymentRequestData, memberName?: string): GatewayHandOff {
  const { gateway } = request;
  const fields = { ...gateway.fields };
  if ('custName' in fields && fields.custName.trim() === '') fields.custName = memberName ?? '';
  return { url: gateway.url, method: gateway.method, fields };
}

/**
 * Whether a hand-off can be used as is: a POST or GET to an http(s) URL (or a path on this
 * origin) with text fields. Anything else (a javascript: URL, say) is refused, not followed.
 */
export function isGatewayHandOff(value: unknown): value is GatewayHandOff {
  if (typeof value !== 'object' || value === null) return false;
  const { url, method, fields } = value as Partial<Record<keyof GatewayHandOff, unknown>>;
  return (
    typeof url === 'string' &&
    (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) &&
    (method === 'POST' || method === 'GET') &&
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((field) => typeof field === 'string')
  );
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
  /** R-2026-000123 once the payment completed; undefined before (or from older servers). */
  receiptNumber?: string;
  /** '12.50': what its refunds done gave back; undefined when the server did not say. */
  refundedAmount?: string;
}

/** Why a payment call did not succeed: its code and the key of the fallback text. */
export interface PaymentFailure extends Failure {
  /** The server knows no such transaction for this member (unknown, or another member's). */
  notFound?: boolean;
  /** Only a logged-in member may read a transaction, and nobody is logged in here. */
  signInRequired?: boolean;
}

/** i18n keys of the payment toasts, shared by the payment and status screens. */
export const PaymentMessages = {
  initiated: 'payment.messages.initiated',
  completed: 'payment.messages.completed',
  failed: 'payment.messages.failed',
  createFailed: 'payment.messages.createFailed',
  checkFailed: 'payment.messages.checkFailed',
  checkError: 'payment.messages.checkError',
} as const;
