import { Counter, Gauge, type Registry } from 'prom-client';
import { type JobRun } from '../../ports/scheduler.port';

/** The payment sweep's queue name (wiring/scheduled-jobs.ts): its report is counted too. */
const RECONCILE_JOB = 'reconcile-payments';

/** The counts a sweep reports (ReconcileReport), by the outcome label each is counted under. */
const RECONCILE_OUTCOMES = {
  completed: 'completed',
  failed: 'failed',
  stillPending: 'still_pending',
  errors: 'error',
} as const;

/**
 * The scheduled jobs as a scrape shows them: runs on this instance by job and outcome, when each
 * last succeeded here (seconds since the epoch; absent until it has), each job's interval (so an
 * alert can say a job is overdue without knowing the settings), and what the payment sweeps
 * found: payments pending past RECONCILE_AFTER_S by what the gateway's answer made of them.
 */
export class JobMetrics {
  private readonly runs: Counter<'job' | 'outcome'>;
  private readonly lastSuccess: Gauge<'job'>;
  private readonly interval: Gauge<'job'>;
  private readonly reconciled: Counter<'outcome'>;

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
    this.interval = new Gauge({
      name: 'jobs_interval_seconds',
      help: 'How often each scheduled job runs across all instances (seconds), once it has run here.',
      labelNames: ['job'],
      registers: [registry],
    });
    this.reconciled = new Counter({
      name: 'payments_reconcile_checks_total',
      help: 'Payments pending past RECONCILE_AFTER_S that a sweep on this instance asked the gateway about, by outcome (completed, failed, still_pending, error: no usable answer).',
      labelNames: ['outcome'],
      registers: [registry],
    });
  }

  record(run: JobRun, nowMs: number): void {
    this.runs.inc({ job: run.job, outcome: run.outcome });
    if (run.intervalMs !== undefined) this.interval.set({ job: run.job }, run.intervalMs / 1000);
    if (run.outcome === 'success') this.lastSuccess.set({ job: run.job }, nowMs / 1000);
    if (run.job === RECONCILE_JOB && run.report) this.recordSweep(run.report);
  }

  /** A sweep's counts; a report of another shape (none is expected) adds nothing. */
  private recordSweep(report: object): void {
    for (const [field, outcome] of Object.entries(RECONCILE_OUTCOMES)) {
      const count: unknown = (report as Record<string, unknown>)[field];
      if (typeof count === 'number' && count > 0) this.reconciled.inc({ outcome }, count);
    }
  }
}
