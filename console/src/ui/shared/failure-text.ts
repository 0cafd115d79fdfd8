import type { OpsFailure, OpsFailureCode } from '../../domain/ports/ops-http.port';
import type { PasskeyFailure, PasskeyRefusal } from '../../domain/ports/passkey.port';

/**
 * The i18n key that says what went wrong, by the failure's code (never the server's words). A
 * Record over every code, as the member app's table is, so a code added to the contract without a
 * text here does not compile. Codes only the member API answers still get a text, in case a proxy
 * or a misrouted request brings one.
 */
export const FAILURE_TEXTS: Readonly<Record<OpsFailureCode, string>> = {
  // The console's own: no answer, or an answer that is not the API's envelope.
  NO_ANSWER: 'errors.noAnswer',
  INVALID_RESPONSE: 'errors.noAnswer',
  UNKNOWN_FAILURE: 'errors.generic',
  // The request as the server read it.
  VALIDATION_FAILED: 'errors.validation',
  DISALLOWED_CHARACTERS: 'errors.validation',
  INVALID_JSON: 'errors.invalidRequest',
  INVALID_REQUEST: 'errors.invalidRequest',
  URL_INVALID: 'errors.invalidRequest',
  URL_TOO_LONG: 'errors.invalidRequest',
  BODY_TOO_LARGE: 'errors.invalidRequest',
  UNSUPPORTED_MEDIA_TYPE: 'errors.invalidRequest',
  PATH_FORBIDDEN: 'errors.invalidRequest',
  PRECONDITION_FAILED: 'errors.invalidRequest',
  RANGE_NOT_SATISFIABLE: 'errors.invalidRequest',
  NOT_FOUND: 'errors.notFound',
  RATE_LIMITED: 'errors.tooMany',
  SERVICE_UNAVAILABLE: 'errors.noAnswer',
  INTERNAL_ERROR: 'errors.serverFault',
  // Signing in and the session.
  AUTH_REQUIRED: 'errors.sessionEnded',
  AUTH_SESSION_ENDED: 'errors.sessionEnded',
  AUTH_INVALID_CREDENTIALS: 'errors.invalidCredentials',
  AUTH_TOO_MANY_ATTEMPTS: 'errors.tooMany',
  OPS_CSRF_REJECTED: 'errors.csrf',
  OPS_ENROLMENT_INVALID: 'errors.enrolmentInvalid',
  OPS_STEP_UP_REQUIRED: 'errors.stepUpNeeded',
  PASSKEY_REJECTED: 'errors.passkeyRejected',
  PASSKEY_ALREADY_REGISTERED: 'errors.passkeyFailed',
  PASSKEY_NOT_FOUND: 'errors.notFound',
  SESSION_NOT_FOUND: 'errors.notFound',
  // Operators.
  OPS_PASSWORD_WEAK: 'errors.passwordWeak',
  OPS_EMAIL_TAKEN: 'errors.emailTaken',
  OPS_CHANGE_REFUSED: 'errors.changeRefused',
  OPS_UNCONFIRMED: 'errors.unconfirmed',
  // Members and payments.
  MEMBER_NOT_FOUND: 'errors.notFound',
  PAYMENT_NOT_FOUND: 'errors.notFound',
  PAYMENT_GATEWAY_UNAVAILABLE: 'errors.gatewayDown',
  REFUND_OWN_REQUEST: 'errors.ownRefund',
  REFUND_OVER_REFUNDABLE: 'errors.refundTooMuch',
  PAYMENT_NOT_COMPLETED: 'errors.refundNotAllowed',
  REFUND_NOT_PENDING: 'errors.refundNotAllowed',
  OPS_SEARCH_TOO_SHORT: 'members.nameTooShort',
  OPS_NAME_SEARCH_LIMIT: 'members.nameSearchLimit',
  // Only the member API answers these: a console request cannot cause them.
  MEMBER_PHONE_TAKEN: 'errors.memberApiOnly',
  MEMBER_IC_TAKEN: 'errors.memberApiOnly',
  SMS_CODE_WRONG: 'errors.memberApiOnly',
  SMS_CODE_EXPIRED: 'errors.memberApiOnly',
  SMS_CODE_USED: 'errors.memberApiOnly',
  SMS_CODE_MISSING: 'errors.memberApiOnly',
  SMS_CODE_LOCKED: 'errors.memberApiOnly',
  SMS_COOLDOWN: 'errors.memberApiOnly',
  SMS_PHONE_LIMIT: 'errors.memberApiOnly',
  SMS_NETWORK_LIMIT: 'errors.memberApiOnly',
  SMS_SEND_FAILED: 'errors.memberApiOnly',
  PAYMENT_IDEMPOTENCY_CONFLICT: 'errors.memberApiOnly',
  CALLBACK_MALFORMED: 'errors.memberApiOnly',
  CALLBACK_BAD_SIGNATURE: 'errors.memberApiOnly',
  CALLBACK_STALE: 'errors.memberApiOnly',
  CALLBACK_NOT_SUPPORTED: 'errors.memberApiOnly',
  CALLBACK_UNKNOWN_TRANSACTION: 'errors.memberApiOnly',
  CALLBACK_AMOUNT_MISMATCH: 'errors.memberApiOnly',
  CALLBACK_CONTRADICTION: 'errors.memberApiOnly',
  RECEIPT_NOT_AVAILABLE: 'errors.memberApiOnly',
  PASSWORD_CONFIRMATION_WRONG: 'errors.memberApiOnly',
};

/** Why the browser gave no passkey, as the operator needs to hear it. */
const PASSKEY_TEXTS: Record<PasskeyFailure, string> = {
  CANCELLED: 'errors.passkeyCancelled',
  NOT_SUPPORTED: 'errors.passkeyUnsupported',
  ORIGIN_REFUSED: 'errors.passkeyOrigin',
  FAILED: 'errors.passkeyFailed',
};

export function failureText(failure: OpsFailure | PasskeyRefusal): string {
  if (failure.code === 'PASSKEY_CEREMONY') return PASSKEY_TEXTS[failure.reason];
  // A code from a newer server than this page falls back to the general text.
  return Object.hasOwn(FAILURE_TEXTS, failure.code)
    ? FAILURE_TEXTS[failure.code]
    : 'errors.generic';
}
