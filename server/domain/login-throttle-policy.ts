/** Failed logins are counted per account over this window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Retention: the throttle reads failures of the last LOGIN_FAILURE_WINDOW_MS only; a day is kept
 * as a safety margin and as recent history for support questions.
 */
export const LOGIN_FAILURE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Failures recorded before this time may be deleted. */
export function loginFailurePurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_RETENTION_MS);
}
