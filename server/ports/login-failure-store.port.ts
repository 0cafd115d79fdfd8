/** The answer of `claimAttempt`: a slot to verify a password in, or the failures that fill the window. */
export type LoginAttemptClaim = { claimed: true } | { claimed: false; failures: Date[] };

export interface LoginFailureStore {
  /** Failure times for an account key since a time, oldest first. */
  failuresSince(accountKey: string, since: Date): Promise<Date[]>;
  /**
   * Atomically: when fewer than `max` failures of the account fall after `since`, records
   * `attempt` as a failure (a successful login clears it again) and answers `claimed: true`; else
   * records nothing and answers those failures, oldest first. Concurrent claims for one account,
   * from any process, are serialised, so at most `max` are granted per window.
   */
  claimAttempt(
    attempt: { id: string; accountKey: string; at: Date },
    since: Date,
    max: number,
  ): Promise<LoginAttemptClaim>;
  record(failure: { id: string; accountKey: string; at: Date }): Promise<void>;
  clear(accountKey: string): Promise<void>;
  /** Deletes up to `limit` failures recorded before `cutoff`; returns how many. */
  deleteOlderThan(cutoff: Date, limit: number): Promise<number>;
}
