import { type ErrorCode } from '../../src/contract/errors';
import type { GatewayRejectionKind } from '../ports/payment-gateway.port';
import { err } from './result';

/** Why a gateway message is refused: the adapter's verdict, or our books' checks. */
export type CallbackRejection = GatewayRejectionKind | 'amount_mismatch' | 'contradiction';

/** The code each rejection answers the gateway with. */
export const CALLBACK_REJECTION_CODES = {
  malformed: 'CALLBACK_MALFORMED',
  bad_signature: 'CALLBACK_BAD_SIGNATURE',
  stale: 'CALLBACK_STALE',
  not_supported: 'CALLBACK_NOT_SUPPORTED',
  unknown_transaction: 'CALLBACK_UNKNOWN_TRANSACTION',
  amount_mismatch: 'CALLBACK_AMOUNT_MISMATCH',
  contradiction: 'CALLBACK_CONTRADICTION',
  unavailable: 'PAYMENT_GATEWAY_UNAVAILABLE',
} as const satisfies Record<CallbackRejection, ErrorCode>;

/** Seconds a gateway is asked to wait before sending again a callback we could not confirm. */
export const GATEWAY_RETRY_AFTER_S = 30;

export type CallbackRejectionCode = (typeof CALLBACK_REJECTION_CODES)[CallbackRejection];

/**
 * A refused message: its code, and the adapter's or this use case's words for the reason; when
 * the gateway could not be asked to confirm it, the seconds after which sending it again may do.
 */
export interface CallbackRejectionError {
  code: CallbackRejectionCode;
  message: string;
  retryAfterS?: number;
}

/** The failure a rejection answers. */
export const rejectionError = (kind: CallbackRejection, message: string) =>
  err<CallbackRejectionError>(
    kind === 'unavailable'
      ? { code: CALLBACK_REJECTION_CODES[kind], message, retryAfterS: GATEWAY_RETRY_AFTER_S }
      : { code: CALLBACK_REJECTION_CODES[kind], message },
  );
