import { type Cancel, type Clock } from '../../ports/clock.port';
import {
  type JobPolicy,
  type JobRunObserver,
  type RecurringJob,
  type Scheduler,
} from '../../ports/scheduler.port';
import { retryPauseMs } from './job-policy';

/**
 * One process's scheduler on a Clock (the FakeClock in tests, moved with advance): each job runs
 * every interval, a tick while its run (or its retries) is still going is skipped, and a failed
 * run is retried with backoff as JobPolicy says. It knows no other instance: it serves the
 * in-memory container, where there is only one.
 */
export class InMemoryScheduler implements Scheduler {
  private readonly jobs: RecurringJob[] = [];
  private readonly cancels: Cancel[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly policy: JobPolicy,
    private readonly observe: JobRunObserver = () => {},
  ) {}

  register(job: RecurringJob): void {
    if (job.intervalMs > 0) this.jobs.push(job);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.stopping = undefined;
    for (const job of this.jobs) {
      this.cancels.push(this.clock.every(job.intervalMs, () => this.tick(job)));
    }
  }

  /** Several calls share one stop. */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    this.stopped = true;
    for (const cancel of this.cancels.splice(0)) cancel();
    await Promise.all(this.running.values());
  }

  private tick(job: RecurringJob): void {
    if (this.stopped || this.running.has(job.name)) return;
    const run = this.attempt(job, 0).finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
  }

  /** One run, then its retries while it fails: never two of the same job at once. */
  private async attempt(job: RecurringJob, retry: number): Promise<void> {
    const started = this.clock.now();
    const { name, intervalMs } = job;
    try {
      const report = await job.run();
      this.observe({
        job: name,
        intervalMs,
        outcome: 'success',
        durationMs: this.since(started),
        report,
      });
      return;
    } catch (error) {
      this.observe({
        job: name,
        intervalMs,
        outcome: 'failure',
        durationMs: this.since(started),
        error,
      });
    }
    if (this.stopped || retry >= this.policy.retryLimit) return;
    // A retry pending when stop() comes is dropped, not waited for.
    const retried = await new Promise<boolean>((resolve) => {
      const cancel = this.clock.after(retryPauseMs(this.policy, retry), () => resolve(true));
      this.cancels.push(() => {
        cancel();
        resolve(false);
      });
    });
    if (retried && !this.stopped) await this.attempt(job, retry + 1);
  }

  private since(started: number): number {
    return this.clock.now() - started;
  }
}
