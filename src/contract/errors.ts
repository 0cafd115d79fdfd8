/**
 * Every failure the API can answer, by a stable code. The server sends the code in the envelope
 * beside its English message; the SPA translates the code and never reads the message's words.
 * A code is never renamed or reused: add a new one instead. Each maps to its HTTP status here so
 * the server answers one code with one status.
 */
export const ERROR_HTTP_STATUS = {
  // The request itself
  VALIDATION_FAILED: 400,
  DISALLOWED_CHARACTERS: 400,
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  URL_INVALID: 400,
  NOT_FOUND: 404,
  URL_TOO_LONG: 414,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // Static files: a path the server will not resolve (such as `//` or `..`), and conditional
  // and range requests it cannot meet (If-Match, Range)
  PATH_FORBIDDEN: 403,
  PRECONDITION_FAILED: 412,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  // Sessions and login
  AUTH_REQUIRED: 401,
  AUTH_SESSION_ENDED: 401,
  AUTH_INVALID_CREDENTIALS: 401,
  AUTH_TOO_MANY_ATTEMPTS: 429,
  // Members
  MEMBER_NOT_FOUND: 404,
  MEMBER_PHONE_TAKEN: 409,
  MEMBER_IC_TAKEN: 409,
  // SMS codes
  SMS_CODE_WRONG: 400,
  SMS_CODE_EXPIRED: 400,
  SMS_CODE_USED: 400,
  SMS_CODE_MISSING: 400,
  SMS_CODE_LOCKED: 400,
  SMS_COOLDOWN: 429,
  SMS_PHONE_LIMIT: 429,
  SMS_NETWORK_LIMIT: 429,
  SMS_SEND_FAILED: 502,
  // Payments
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_IDEMPOTENCY_CONFLICT: 409,
  PAYMENT_GATEWAY_UNAVAILABLE: 502,
  // Gateway callbacks and redirects (answered to a gateway, not a member)
  CALLBACK_MALFORMED: 400,
  CALLBACK_BAD_SIGNATURE: 401,
  CALLBACK_STALE: 401,
  CALLBACK_NOT_SUPPORTED: 404,
  CALLBACK_UNKNOWN_TRANSACTION: 404,
  CALLBACK_AMOUNT_MISMATCH: 400,
  CALLBACK_CONTRADICTION: 409,
  // The service
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  // Receipts: the payment exists and is the member's, but has none (yet): only completed ones do
  RECEIPT_NOT_AVAILABLE: 409,
  // Where the member is signed in: no live session of theirs has that id (another member's
  // session answers the same)
  SESSION_NOT_FOUND: 404,
  // A step that needs the member's password again (deleting the account) was given a wrong one.
  // 403, not 401: the session is still valid and the SPA must not sign the member out.
  PASSWORD_CONFIRMATION_WRONG: 403,
  // Passkeys: a WebAuthn answer refused (forged, replayed, expired, wrong origin, no user
  // verification, unknown credential, counter gone backwards); a credential already registered;
  // no passkey of the member's with that id (another member's answers the same)
  PASSKEY_REJECTED: 400,
  PASSKEY_ALREADY_REGISTERED: 409,
  PASSKEY_NOT_FOUND: 404,
  // The operator console: a state-changing call without its session's CSRF token; an enrolment
  // link unknown, used or expired (or a wrong first code); an operator e-mail already in use; a
  // change the rules refuse (an operator's own role, the last admin).
  OPS_CSRF_REJECTED: 403,
  OPS_ENROLMENT_INVALID: 400,
  // An operator's new password that is common, breached or trivially repetitive.
  OPS_PASSWORD_WEAK: 400,
  OPS_EMAIL_TAKEN: 409,
  OPS_CHANGE_REFUSED: 409,
  // An operator an admin created or re-enrolled, whom another admin has not confirmed yet: no
  // refund steps and no operator changes until then.
  OPS_UNCONFIRMED: 403,
  // Refunds in the console: the action asks for the second factor again (none given in the last
  // five minutes); an operator deciding their own request (two people); a payment not completed;
  // more than may still be refunded; a refund no longer in the status the step needs.
  OPS_STEP_UP_REQUIRED: 403,
  REFUND_OWN_REQUEST: 403,
  PAYMENT_NOT_COMPLETED: 409,
  REFUND_OVER_REFUNDABLE: 409,
  REFUND_NOT_PENDING: 409,
  // The member search for a role that may not reveal: a name search shorter than the minimum
  // prefix; its name searches for the hour spent (Retry-After says when one is free again).
  OPS_SEARCH_TOO_SHORT: 400,
  OPS_NAME_SEARCH_LIMIT: 429,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as readonly ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_HTTP_STATUS, value);
