import { type ErrorCode } from '../../src/contract/errors';

/**
 * The English message of every error code: what a failure says when nothing more specific is
 * known (a validation failure, a gateway's rejection or a route may say more). Clients act on the
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
};
