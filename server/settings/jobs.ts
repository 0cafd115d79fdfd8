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
  expireAfterMs: 15 * 60_000,
  pollMs: 2000,
  maintenanceIntervalS: 60,
};

export function loadJobs(read: EnvReader): JobSettings {
  return {
    retentionYears: read.integer('RETENTION_YEARS', 7, 1, 100),
    jobTiming: DEFAULT_JOB_TIMING,
  };
}
