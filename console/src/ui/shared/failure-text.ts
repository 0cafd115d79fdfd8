import type { OpsFailure } from '../../domain/ports/ops-http.port';
import type { PasskeyFailure, PasskeyRefusal } from '../../domain/ports/passkey.port';

/**
 * The i18n key that says what went wrong, by the failure's code (never the server's words). The
 * codes a console screen can meet have their own text; any other says something went wrong.
 */
const TEXTS: Partial<Record<OpsFailure['code'], string>> = {
  NO_ANSWER: 'errors.noAnswer',
  INVALID_RESPONSE: 'errors.noAnswer',
  SERVICE_UNAVAILABLE: 'errors.noAnswer',
  RATE_LIMITED: 'errors.tooMany',
  AUTH_TOO_MANY_ATTEMPTS: 'errors.tooMany',
  AUTH_INVALID_CREDENTIALS: 'errors.invalidCredentials',
  AUTH_REQUIRED: 'errors.sessionEnded',
  AUTH_SESSION_ENDED: 'errors.sessionEnded',
  VALIDATION_FAILED: 'errors.validation',
  DISALLOWED_CHARACTERS: 'errors.validation',
  NOT_FOUND: 'errors.notFound',
  MEMBER_NOT_FOUND: 'errors.notFound',
  PAYMENT_NOT_FOUND: 'errors.notFound',
  PAYMENT_GATEWAY_UNAVAILABLE: 'errors.gatewayDown',
  OPS_STEP_UP_REQUIRED: 'errors.stepUpNeeded',
  REFUND_OWN_REQUEST: 'errors.ownRefund',
  REFUND_OVER_REFUNDABLE: 'errors.refundTooMuch',
  PAYMENT_NOT_COMPLETED: 'errors.refundNotAllowed',
  REFUND_NOT_PENDING: 'errors.refundNotAllowed',
  OPS_CSRF_REJECTED: 'errors.csrf',
  OPS_ENROLMENT_INVALID: 'errors.enrolmentInvalid',
  OPS_PASSWORD_WEAK: 'errors.passwordWeak',
  OPS_EMAIL_TAKEN: 'errors.emailTaken',
  OPS_CHANGE_REFUSED: 'errors.changeRefused',
  OPS_UNCONFIRMED: 'errors.unconfirmed',
  PASSKEY_REJECTED: 'errors.passkeyRejected',
  PASSKEY_ALREADY_REGISTERED: 'errors.passkeyFailed',
  OPS_SEARCH_TOO_SHORT: 'members.nameTooShort',
  OPS_NAME_SEARCH_LIMIT: 'members.nameSearchLimit',
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
  return TEXTS[failure.code] ?? 'errors.generic';
}
