/** What a use case returns for expected outcomes; it throws only for bugs and outages. */
export type Result<T, E = UseCaseError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/**
 * The expected failures of this slice, each an English sentence for the member. The HTTP layer
 * maps `kind` to a status code (invalid 400, unauthorized 401, not_found 404, conflict 409,
 * rate_limited 429 with Retry-After, unavailable 502).
 */
export type UseCaseError =
  | { kind: 'invalid'; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'rate_limited'; message: string; retryAfterS: number }
  | { kind: 'unavailable'; message: string };

/** Seconds until the oldest event in a window leaves it (at least 1). */
export function secondsUntilWindowFrees(oldest: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
}
