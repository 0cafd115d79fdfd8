import { type Logger } from '../../ports/logger.port';
import { type JobRun, type JobRunObserver } from '../../ports/scheduler.port';
import { type ErrorLogger } from '../logging/forwarding-logger.adapter';
import { type JobMetrics } from '../metrics/job-metrics';

/** Failures in a row after which a job's failing is logged as an error (once per streak). */
export const FAILURES_IN_A_ROW = 3;

/**
 * Counts every run in the metrics and logs failures: each one as a warning, and the third in a
 * row of the same job once as an error (a run that succeeds ends the streak), so a job that keeps
 * failing raises one error instead of one per run.
 */
export function observeJobRuns(
  metrics: JobMetrics,
  log: Logger & ErrorLogger,
  now: () => number,
): JobRunObserver {
  const streaks = new Map<string, number>();
  return (run: JobRun) => {
    metrics.record(run, now());
    if (run.outcome === 'success') {
      streaks.delete(run.job);
      return;
    }
    const streak = (streaks.get(run.job) ?? 0) + 1;
    streaks.set(run.job, streak);
    const context = { job: run.job, err: run.error, failuresInARow: streak };
    log.warn(context, `jobs: ${run.job} failed`);
    if (streak === FAILURES_IN_A_ROW) {
      log.error(context, `jobs: ${run.job} failed ${FAILURES_IN_A_ROW} times in a row`);
    }
  };
}
