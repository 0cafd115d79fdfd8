import { Counter, Gauge, type Registry } from 'prom-client';
import { type JobRun } from '../../ports/scheduler.port';

/**
 * The scheduled jobs as a scrape shows them: runs on this instance by job and outcome, and when
 * each last succeeded here (seconds since the epoch; absent until it has).
 */
export class JobMetrics {
  private readonly runs: Counter<'job' | 'outcome'>;
  private readonly lastSuccess: Gauge<'job'>;

  constructor(registry: Registry) {
    this.runs = new Counter({
      name: 'jobs_runs_total',
      help: 'Runs of the scheduled jobs on this instance, by job and outcome (success, failure).',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    });
    this.lastSuccess = new Gauge({
      name: 'jobs_last_success_timestamp_seconds',
      help: 'When each scheduled job last finished successfully on this instance (Unix seconds).',
      labelNames: ['job'],
      registers: [registry],
    });
  }

  record(run: JobRun, nowMs: number): void {
    this.runs.inc({ job: run.job, outcome: run.outcome });
    if (run.outcome === 'success') this.lastSuccess.set({ job: run.job }, nowMs / 1000);
  }
}
