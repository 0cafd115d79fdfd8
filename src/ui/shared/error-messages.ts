import type { ErrorCode } from '../../contract/errors';
import type { CodedFailure } from '../../domain/model/failure';
import type { UiMessage } from './notifier';

/**
 * The text a member sees for each API failure code. A Record, so a code added to the contract
 * without a text here does not compile. Codes the app's own requests cannot cause still get a
 * text, in case another client or a proxy answers with them.
 */
export const ERROR_CODE_KEYS: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'serverMessages.invalidRequest',
  DISALLOWED_CHARACTERS: 'serverMessages.disallowedCharacters',
  INVALID_JSON: 'serverMessages.invalidRequest',
  INVALID_REQUEST: 'serverMessages.invalidRequest',
  URL_INVALID: 'serverMessages.urlInvalid',
  NOT_FOUND: 'serverMessages.notFound',
  URL_TOO_LONG: 'serverMessages.urlTooLong',
  BODY_TOO_LARGE: 'serverMessages.bodyTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'serverMessages.unsupportedMediaType',
  RATE_LIMITED: 'serverMessages.tooManyRequests',
  AUTH_REQUIRED: 'session.expired',
  AUTH_SESSION_ENDED: 'session.expired',
  AUTH_INVALID_CREDENTIALS: 'serverMessages.loginFailed',
  AUTH_TOO_MANY_ATTEMPTS: 'serverMessages.tooManyLogins',
  MEMBER_NOT_FOUND: 'serverMessages.memberNotFound',
  MEMBER_PHONE_TAKEN: 'signUp.phoneTaken',
  MEMBER_IC_TAKEN: 'serverMessages.icTaken',
  SMS_CODE_WRONG: 'serverMessages.codeWrong',
  SMS_CODE_EXPIRED: 'serverMessages.codeExpired',
  SMS_CODE_USED: 'serverMessages.codeUsed',
  SMS_CODE_MISSING: 'serverMessages.codeMissing',
  SMS_CODE_LOCKED: 'serverMessages.codeDead',
  SMS_COOLDOWN: 'serverMessages.codeCooldown',
  SMS_PHONE_LIMIT: 'serverMessages.tooManyCodes',
  SMS_NETWORK_LIMIT: 'serverMessages.tooManyCodes',
  SMS_SEND_FAILED: 'serverMessages.smsFailed',
  PAYMENT_NOT_FOUND: 'paymentStatus.notFoundText',
  PAYMENT_IDEMPOTENCY_CONFLICT: 'serverMessages.idempotencyConflict',
  PAYMENT_GATEWAY_UNAVAILABLE: 'serverMessages.gatewayDown',
  CALLBACK_MALFORMED: 'serverMessages.gatewayRejected',
  CALLBACK_BAD_SIGNATURE: 'serverMessages.gatewayRejected',
  CALLBACK_STALE: 'serverMessages.gatewayRejected',
  CALLBACK_NOT_SUPPORTED: 'serverMessages.gatewayRejected',
  CALLBACK_UNKNOWN_TRANSACTION: 'paymentStatus.notFoundText',
  CALLBACK_AMOUNT_MISMATCH: 'serverMessages.gatewayRejected',
  CALLBACK_CONTRADICTION: 'serverMessages.gatewayRejected',
  SERVICE_UNAVAILABLE: 'serverMessages.unavailable',
  INTERNAL_ERROR: 'serverMessages.unavailable',
  PATH_FORBIDDEN: 'serverMessages.invalidRequest',
  PRECONDITION_FAILED: 'serverMessages.invalidRequest',
  RANGE_NOT_SATISFIABLE: 'serverMessages.invalidRequest',
  RECEIPT_NOT_AVAILABLE: 'serverMessages.receiptNotAvailable',
  SESSION_NOT_FOUND: 'serverMessages.sessionNotFound',
  PASSWORD_CONFIRMATION_WRONG: 'serverMessages.passwordConfirmationWrong',
  PASSKEY_REJECTED: 'serverMessages.passkeyRejected',
  PASSKEY_ALREADY_REGISTERED: 'serverMessages.passkeyAlreadyRegistered',
  PASSKEY_NOT_FOUND: 'serverMessages.passkeyNotFound',
  OPS_CSRF_REJECTED: 'serverMessages.opsCsrfRejected',
  OPS_ENROLMENT_INVALID: 'serverMessages.opsEnrolmentInvalid',
  OPS_PASSWORD_WEAK: 'serverMessages.opsPasswordWeak',
  OPS_EMAIL_TAKEN: 'serverMessages.opsEmailTaken',
  OPS_CHANGE_REFUSED: 'serverMessages.opsChangeRefused',
  OPS_UNCONFIRMED: 'serverMessages.opsUnconfirmed',
  OPS_STEP_UP_REQUIRED: 'serverMessages.opsStepUpRequired',
  REFUND_OWN_REQUEST: 'serverMessages.refundOwnRequest',
  PAYMENT_NOT_COMPLETED: 'serverMessages.paymentNotCompleted',
  REFUND_OVER_REFUNDABLE: 'serverMessages.refundOverRefundable',
  REFUND_NOT_PENDING: 'serverMessages.refundNotPending',
  OPS_SEARCH_TOO_SHORT: 'serverMessages.opsSearchTooShort',
  OPS_NAME_SEARCH_LIMIT: 'serverMessages.opsNameSearchLimit',
};

/**
 * For a VALIDATION_FAILED that names one request field (by its wire name): that field's rule, as
 * the form states it. A member never sees a wire name.
 */
export const FIELD_RULE_KEYS: Readonly<Record<string, string>> = {
  phone_no: 'validation.phoneInvalid',
  phone: 'validation.phoneInvalid',
  ic_or_passport: 'validation.icInvalid',
  ic: 'validation.icInvalid',
  password: 'validation.passwordMin',
  new_password: 'validation.passwordMin',
  name: 'validation.nameMin',
  nationality: 'validation.nationalityRequired',
  tac_code: 'validation.smsCodeIncomplete',
  amount: 'payment.validation.amountFormat',
  payment_method: 'payment.validation.methodInvalid',
};

/**
 * What a member is told of a failure, from its code alone:
 * - an API code: its text; a VALIDATION_FAILED naming a field: that field's rule, or the caller's
 *   fallback when the field has none (no wire name is ever shown). Characters that are not allowed
 *   get one text whichever field held them.
 * - no answer, an answer that is not the API's, or a request cut off: the caller's fallback;
 * - a code this app does not know: the server's own text, when it sent one, else the fallback.
 */
export function failureMessage(failure: CodedFailure, fallbackKey: string): UiMessage {
  const { code, field } = failure;
  if (code === undefined) return { key: fallbackKey };
  if (code === 'UNKNOWN_FAILURE') {
    return failure.message ? { text: failure.message } : { key: fallbackKey };
  }
  if (code === 'NO_ANSWER' || code === 'INVALID_RESPONSE' || code === 'INTERRUPTED') {
    return { key: fallbackKey };
  }
  if (code === 'VALIDATION_FAILED' && field !== undefined) {
    return { key: Object.hasOwn(FIELD_RULE_KEYS, field) ? FIELD_RULE_KEYS[field] : fallbackKey };
  }
  return { key: ERROR_CODE_KEYS[code] };
}
