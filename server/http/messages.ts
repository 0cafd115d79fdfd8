import { type ErrorCode } from '../../src/contract/errors';
import {
  HISTORY_PAGE_SIZE_MAX,
  HISTORY_STATUS_FILTERS,
  RECEIPT_LANGUAGES,
} from '../../src/contract/payment-history';
import { type CallbackRejectionError } from '../use-cases/callback-rejections';
import { type FailureReason, type UseCaseError } from '../use-cases/result';
import { CONSOLE_REASON_MESSAGES } from './console-reason-messages';

/**
 * The English message of every error code: what a failure says when nothing more specific is
 * known (a failure's reason, a gateway's rejection or a route may say more). Clients act on the
 * code; these words are for people reading the wire, and the browser still matches some of them.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Invalid request.',
  DISALLOWED_CHARACTERS: 'The request contains characters that are not allowed.',
  INVALID_JSON: 'body: is not valid JSON.',
  INVALID_REQUEST: 'Invalid request.',
  URL_INVALID: 'Request address is not valid.',
  NOT_FOUND: 'Not found.',
  URL_TOO_LONG: 'Request address is too long.',
  BODY_TOO_LARGE: 'Request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Content-Type must be application/json.',
  PATH_FORBIDDEN: 'Invalid request.',
  PRECONDITION_FAILED: 'Invalid request.',
  RANGE_NOT_SATISFIABLE: 'Invalid request.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  AUTH_REQUIRED: 'Please log in to continue.',
  AUTH_SESSION_ENDED: 'Your session has ended. Please log in again.',
  AUTH_INVALID_CREDENTIALS: 'Invalid IC/passport number or password.',
  AUTH_TOO_MANY_ATTEMPTS: 'Too many failed login attempts. Please try again later.',
  MEMBER_NOT_FOUND: 'Member not found.',
  MEMBER_PHONE_TAKEN: 'phone_no: this phone number is already registered.',
  MEMBER_IC_TAKEN: 'ic_or_passport: this IC/passport number is already registered.',
  SMS_CODE_WRONG: 'tac_code: the code is incorrect.',
  SMS_CODE_EXPIRED: 'tac_code: the code has expired. Please request a new code.',
  SMS_CODE_USED: 'tac_code: the code has already been used. Please request a new code.',
  SMS_CODE_MISSING: 'tac_code: no code was requested for this phone number. Please request a code.',
  SMS_CODE_LOCKED: 'tac_code: too many wrong attempts. Please request a new code later.',
  SMS_COOLDOWN: 'Please wait before requesting another code.',
  SMS_PHONE_LIMIT: 'Too many codes were requested for this phone number. Please try again later.',
  SMS_NETWORK_LIMIT: 'Too many codes were requested from your network. Please try again later.',
  SMS_SEND_FAILED: 'We could not send the SMS code. Please try again.',
  PAYMENT_NOT_FOUND: 'Payment not found.',
  PAYMENT_IDEMPOTENCY_CONFLICT: 'Idempotency-Key was already used for a different payment',
  PAYMENT_GATEWAY_UNAVAILABLE: 'The payment gateway is not available. Please try again.',
  CALLBACK_MALFORMED: 'Malformed message',
  CALLBACK_BAD_SIGNATURE: 'Invalid signature',
  CALLBACK_STALE: 'Stale timestamp',
  CALLBACK_NOT_SUPPORTED: 'Not supported by this gateway',
  CALLBACK_UNKNOWN_TRANSACTION: 'Unknown transaction',
  CALLBACK_AMOUNT_MISMATCH: 'Amount does not match the transaction',
  CALLBACK_CONTRADICTION: 'The payment already has another outcome',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable',
  INTERNAL_ERROR: 'Something went wrong. Please try again.',
  RECEIPT_NOT_AVAILABLE: 'Only a completed payment has a receipt.',
  SESSION_NOT_FOUND: 'session_id: no such session is signed in.',
  PASSWORD_CONFIRMATION_WRONG: 'password: the password is incorrect.',
  PASSKEY_REJECTED: 'The passkey could not be verified.',
  PASSKEY_ALREADY_REGISTERED: 'This passkey is already registered.',
  PASSKEY_NOT_FOUND: 'passkey_id: no such passkey.',
  OPS_CSRF_REJECTED: "The request did not carry this session's CSRF token.",
  OPS_ENROLMENT_INVALID: 'This enrolment link is not valid: it is unknown, used or expired.',
  OPS_PASSWORD_WEAK: 'password: too common or too easy to guess (known, breached or repetitive).',
  OPS_EMAIL_TAKEN: 'email: another operator already uses this address.',
  OPS_CHANGE_REFUSED: 'This change is not allowed.',
  OPS_UNCONFIRMED: "Your account awaits another admin's confirmation.",
  OPS_STEP_UP_REQUIRED: 'Give your second factor again: refunds ask for it every five minutes.',
  REFUND_OWN_REQUEST: 'Another operator must decide a refund you asked for.',
  PAYMENT_NOT_COMPLETED: 'Only a completed payment can be refunded.',
  REFUND_OVER_REFUNDABLE: 'amount: more than may still be refunded of this payment.',
  REFUND_NOT_PENDING: 'This refund is not waiting for that step.',
  OPS_SEARCH_TOO_SHORT: 'q: a name search needs at least 3 characters.',
  OPS_NAME_SEARCH_LIMIT:
    'Name searches for this hour are used up; search by phone or IC/passport number.',
};

/** The request field a code's own message names (its `field:` prefix), sent as `field`. */
export const ERROR_FIELDS: Partial<Record<ErrorCode, string>> = {
  MEMBER_PHONE_TAKEN: 'phone_no',
  MEMBER_IC_TAKEN: 'ic_or_passport',
  SMS_CODE_WRONG: 'tac_code',
  SMS_CODE_EXPIRED: 'tac_code',
  SMS_CODE_USED: 'tac_code',
  SMS_CODE_MISSING: 'tac_code',
  SMS_CODE_LOCKED: 'tac_code',
  SESSION_NOT_FOUND: 'session_id',
  PASSWORD_CONFIRMATION_WRONG: 'password',
  PASSKEY_NOT_FOUND: 'passkey_id',
  OPS_EMAIL_TAKEN: 'email',
  REFUND_OVER_REFUNDABLE: 'amount',
};

/**
 * The words of each specific refusal a use case names, its field's prefix included: the member
 * app's here, the operator console's from console-reason-messages.ts.
 */
export const REASON_MESSAGES: Record<FailureReason, string> = {
  'no-passkey-to-confirm': 'You have no passkey to confirm with: use your password.',
  'deletion-not-confirmed': 'confirmation: type DELETE to confirm.',
  'password-or-passkey': 'password: give the password or a passkey, not both.',
  'amount-required': 'amount: Amount is required',
  'amount-format': 'amount: Amount must be a valid number with up to 2 decimal places',
  'amount-below-minimum': 'amount: Minimum amount is MYR 50.00',
  'amount-above-maximum': 'amount: Amount is above the maximum for one payment',
  'payment-method-unknown': 'payment_method: Please select a valid payment method',
  'idempotency-key-format': 'Idempotency-Key: 1 to 128 printable characters',
  'history-status-unknown': `Status filter: must be one of ${HISTORY_STATUS_FILTERS.join(', ')}.`,
  'history-page-size': `Page size: must be a whole number from 1 to ${HISTORY_PAGE_SIZE_MAX}.`,
  'history-cursor-invalid': 'Page position: is not valid. Please reload your payment history.',
  'receipt-language-unknown': `Language: must be one of ${RECEIPT_LANGUAGES.join(', ')}.`,
  'receipt-time-zone-unknown': 'Time zone: must be an IANA time zone such as Asia/Kuala_Lumpur.',
  'receipt-payment-pending':
    'This payment is still pending: its receipt is issued once the payment completes.',
  'receipt-payment-failed': 'This payment failed: a failed payment has no receipt.',
  // The receipt's screen names the payment a transaction.
  'transaction-not-found': 'Transaction not found.',
  ...CONSOLE_REASON_MESSAGES,
};

/**
 * An expected failure in words: a refused gateway message's own, else its reason's, else its
 * code's. The field is the one the failure names; one in its code's words names, when it names
 * none, the field those words start with.
 */
export function failureWords(error: UseCaseError | CallbackRejectionError): {
  message: string;
  field?: string;
} {
  const own =
    'message' in error
      ? error.message
      : 'reason' in error && error.reason !== undefined
        ? REASON_MESSAGES[error.reason]
        : undefined;
  const named = 'field' in error ? error.field : undefined;
  const field = named ?? (own === undefined ? ERROR_FIELDS[error.code] : undefined);
  const message = own ?? ERROR_MESSAGES[error.code];
  return field === undefined ? { message } : { message, field };
}
