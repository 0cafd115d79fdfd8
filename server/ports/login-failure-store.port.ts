export interface LoginFailureStore {
  /** Failure times for an account key since a time, oldest first. */
  failuresSince(accountKey: string, since: Date): Promise<Date[]>;
  record(failure: { id: string; accountKey: string; at: Date }): Promise<void>;
  clear(accountKey: string): Promise<void>;
  /** Deletes up to `limit` failures recorded before `cutoff`; returns how many. */
  deleteOlderThan(cutoff: Date, limit: number): Promise<number>;
}
