/**
 * Recurring work that runs once per interval across every instance of the portal: the stale
 * payment sweep and the purges. The use cases are the handlers; only the adapter knows how the
 * instances agree on who runs a job (a job engine on the database, or one clock in tests).
 */
export interface RecurringJob {
  /** A short stable name (`reconcile-payments`): the queue's, the metric label's, the log's. */
  readonly name: string;
  /** How often it runs, across all instances together; 0 (or less) means never. */
  readonly intervalMs: number;
  /**
   * How long one run may take before it counts as dead (its instance killed) and is run again,
   * by another instance where there are several: what its own work needs, seconds for a sweep.
   * Never past JobPolicy's `expireAfterMs`, which is the expiry of a job that names none.
   */
  readonly expireAfterMs?: number;
  /** One run. A rejection is a failed run: it is retried with backoff, then the schedule goes on. */
  run(): Promise<unknown>;
}

/**
 * How a failed run is retried and when a run is given up for dead, the same for every adapter:
 * `retryLimit` retries after a failure, the first `retryDelayMs` later and each next one twice
 * as late (backoff); a run not finished `expireAfterMs` after it started (or its job's own,
 * shorter one) counts as failed (its instance died) and is retried, by another instance where
 * there are several.
 */
export interface JobPolicy {
  retryLimit: number;
  retryDelayMs: number;
  expireAfterMs: number;
}

/** How one run of a job ended on this instance. */
export interface JobRun {
  readonly job: string;
  readonly outcome: 'success' | 'failure';
  readonly durationMs: number;
  /** The job's interval (RecurringJob's): when the next run is due, for the metrics. */
  readonly intervalMs?: number;
  /** What a successful run returned (the use case's report). */
  readonly report?: unknown;
  /** Why a failed run failed. */
  readonly error?: unknown;
}

/** Told of every run on this instance (metrics, logs). */
export type JobRunObserver = (run: JobRun) => void;

export interface Scheduler {
  /** Adds a job; before start(). A job with an interval of 0 is left out. */
  register(job: RecurringJob): void;
  /** Starts running the registered jobs. */
  start(): Promise<void>;
  /**
   * Runs nothing more here and waits for this instance's run in progress (up to the adapter's
   * drain limit; a run still going past it is left to be retried by another instance).
   */
  stop(): Promise<void>;
}
