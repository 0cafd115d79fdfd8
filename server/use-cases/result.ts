import { type ERROR_HTTP_STATUS, type ErrorCode } from '../../src/contract/errors';
import { err } from '../../src/contract/result';
import { ERROR_FIELDS, ERROR_MESSAGES } from './messages';

export { err, ok, type Result } from '../../src/contract/result';

/** The codes answered with 429: their failures always say when to try again. */
export type RateLimitCode = {
  [C in ErrorCode]: (typeof ERROR_HTTP_STATUS)[C] extends 429 ? C : never;
}[ErrorCode];

/**
 * An expected failure of a use case: its code (the HTTP layer answers the status errors.ts
 * declares for it), an English sentence, the request field at fault when there is one, and for a
 * rate limit the seconds until a retry may succeed.
 */
export type UseCaseError =
  | { code: Exclude<ErrorCode, RateLimitCode>; message: string; field?: string }
  | { code: RateLimitCode; message: string; retryAfterS: number };

/**
 * The failure for `code`, with the code's own message and field unless others are given (a null
 * field: none, for a failure the request's fields did not cause).
 */
export function failWith(
  code: Exclude<ErrorCode, RateLimitCode>,
  opts: { message?: string; field?: string | null } = {},
): { ok: false; error: UseCaseError } {
  const field = opts.field === null ? undefined : (opts.field ?? ERROR_FIELDS[code]);
  const message = opts.message ?? ERROR_MESSAGES[code];
  return err(field === undefined ? { code, message } : { code, message, field });
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
  return err({ code, message: ERROR_MESSAGES[code], retryAfterS });
}
