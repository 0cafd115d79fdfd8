import { type ERROR_HTTP_STATUS, type ErrorCode } from '../../src/contract/errors';
import { err } from '../../src/contract/result';

export { err, ok, type Result } from '../../src/contract/result';

/** The codes answered with 429: their failures always say when to try again. */
export type RateLimitCode = {
  [C in ErrorCode]: (typeof ERROR_HTTP_STATUS)[C] extends 429 ? C : never;
}[ErrorCode];

/**
 * A specific refusal, more precise than its code: which rule the request broke. The HTTP layer
 * words each one (server/http/messages.ts).
 */
export type FailureReason = MemberFailureReason | ConsoleFailureReason;

/** The member app's refusals. */
type MemberFailureReason =
  | 'no-passkey-to-confirm'
  | 'deletion-not-confirmed'
  | 'password-or-passkey'
  | 'amount-required'
  | 'amount-format'
  | 'amount-below-minimum'
  | 'amount-above-maximum'
  | 'payment-method-unknown'
  | 'idempotency-key-format'
  | 'history-status-unknown'
  | 'history-page-size'
  | 'history-cursor-invalid'
  | 'receipt-language-unknown'
  | 'receipt-time-zone-unknown'
  | 'receipt-payment-pending'
  | 'receipt-payment-failed'
  | 'transaction-not-found';

/**
 * The operator console's refusals (server/use-cases/ops/), worded in
 * server/http/console-reason-messages.ts.
 */
export type ConsoleFailureReason =
  | 'operator-password-length'
  | 'totp-code-wrong'
  | 'no-passkey-for-step-up'
  | 'operator-name-length'
  | 'operator-email-format'
  | 'own-role-change'
  | 'last-admin-role'
  | 'self-disable'
  | 'last-admin-disable'
  | 'change-pending'
  | 'own-change-approval'
  | 'own-confirmation'
  | 'link-holder-confirmation'
  | 'confirm-before-enrolment'
  | 'confirm-not-needed'
  | 'search-text-length'
  | 'cursor-invalid'
  | 'payment-filter-ref'
  | 'payment-filter-member'
  | 'payment-filter-status'
  | 'payment-filter-gateway'
  | 'payment-filter-from'
  | 'payment-filter-to'
  | 'payment-filter-min-amount'
  | 'payment-filter-max-amount'
  | 'refund-status-unknown'
  | 'refund-amount-format'
  | 'refund-reason-length'
  | 'transfer-reference-length'
  | 'transfer-date-invalid'
  | 'report-from-day'
  | 'report-to-day'
  | 'report-range-order'
  | 'report-range-too-long'
  | 'export-filter-ref'
  | 'export-filter-member'
  | 'export-filter-status'
  | 'export-filter-gateway'
  | 'export-filter-from'
  | 'export-filter-to'
  | 'export-filter-min-amount'
  | 'export-filter-max-amount'
  | 'export-filter-cursor'
  | 'audit-from-date'
  | 'audit-to-date';

/**
 * An expected failure of a use case, in no words: its code (the HTTP layer answers the status
 * errors.ts declares for it, and the code's own words), the request field at fault when the use
 * case names one, the specific refusal when there is one, and for a rate limit the seconds until
 * a retry may succeed.
 */
export type UseCaseError =
  | { code: Exclude<ErrorCode, RateLimitCode>; field?: string; reason?: FailureReason }
  | { code: RateLimitCode; retryAfterS: number };

/**
 * The failure for `code`, with the field at fault and the specific refusal when given (a null
 * field names none; a failure left in its code's words is answered naming the field those words
 * start with).
 */
export function failWith(
  code: Exclude<ErrorCode, RateLimitCode>,
  opts: { field?: string | null; reason?: FailureReason } = {},
): { ok: false; error: UseCaseError } {
  const { field, reason } = opts;
  return err({
    code,
    ...(field === null || field === undefined ? {} : { field }),
    ...(reason === undefined ? {} : { reason }),
  });
}

/** A request field refused by one of its rules: 400 VALIDATION_FAILED naming both. */
export function invalidField(
  field: string,
  reason: FailureReason,
): { ok: false; error: UseCaseError } {
  return failWith('VALIDATION_FAILED', { field, reason });
}

/**
 * A refusal until the oldest counted event (`since`) leaves its window: Retry-After is the
 * seconds until then, at least 1.
 */
export function rateLimited(
  code: RateLimitCode,
  window: { since: Date; windowMs: number; now: Date },
): { ok: false; error: UseCaseError } {
  const { since, windowMs, now } = window;
  const retryAfterS = Math.max(1, Math.ceil((since.getTime() + windowMs - now.getTime()) / 1000));
  return err({ code, retryAfterS });
}
