import { type JobPolicy } from '../ports/scheduler.port';
import { type EnvReader } from './env-reader';

export interface JobSettings {
  /** Years a payment is kept after the end of its own year (RETENTION_YEARS). */
  retentionYears: number;
  /**
   * The job engine's timing: retries, expiry of a run whose instance died, how often an instance
   * looks for work and one of them runs maintenance. Fixed here; tests shorten them.
   */
  jobTiming: JobPolicy & { pollMs: number; maintenanceIntervalS: number };
}

export const DEFAULT_JOB_TIMING: JobSettings['jobTiming'] = {
  retryLimit: 3,
  retryDelayMs: 10_000,
  // The longest any run may take; each job names its own, shorter one (runExpiryMs).
  expireAfterMs: 15 * 60_000,
  pollMs: 2000,
  // Runs past their expiry are failed (and so retried) by the next maintenance: every 10 s.
  maintenanceIntervalS: 10,
};

/** However short a job's interval, a run is given this long before it counts as dead. */
const SHORTEST_EXPIRY_MS = 2000;

/**
 * How long one run of a job due every `intervalMs` may take before it counts as dead and is run
 * again: a quarter of its interval (15 s for the payment sweep every minute, 15 minutes for the
 * hourly purges), at least 2 s. With maintenance every 10 s and the first retry 10 to 20 s later,
 * a run a killed instance left is run again within about one interval.
 */
export function runExpiryMs(intervalMs: number): number {
  return Math.max(SHORTEST_EXPIRY_MS, Math.round(intervalMs / 4));
}

/**
 * How long the payment sweep starts new gateway queries for: half its run's expiry, so the last
 * one it starts (a gateway answers within 5 s) ends before the run could count as dead. What is
 * left waits for the next sweep.
 */
export function sweepBudgetMs(reconcileIntervalS: number): number {
  return runExpiryMs(reconcileIntervalS * 1000) / 2;
}

export function loadJobs(read: EnvReader): JobSettings {
  return {
    retentionYears: read.integer('RETENTION_YEARS', 7, 1, 100),
    jobTiming: DEFAULT_JOB_TIMING,
  };
}
