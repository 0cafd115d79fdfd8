import PgBoss from 'pg-boss';
import {
  type JobPolicy,
  type JobRunObserver,
  type RecurringJob,
  type Scheduler,
} from '../../ports/scheduler.port';
import { type Database, isUniqueViolation } from '../postgres/database';
import { pgBossDatabase } from './pg-boss-database';

export interface PgBossSchedulerOptions extends JobPolicy {
  /** How often this instance looks for a job to run (a retry, a run another instance left). */
  pollMs: number;
  /** How often one of the instances fails the runs past their expiry (pg-boss maintenance). */
  maintenanceIntervalS: number;
  /** How long stop() waits for a run in progress; past it the run is left to expire. */
  drainMs: number;
  /** pg-boss's own failures (its maintenance while the database is away, say). */
  onError: (error: unknown) => void;
}

const DEFAULTS = {
  drainMs: 10_000,
  onError: () => {},
};

/** pg-boss keeps a finished job this long (12 h) unless a throttling slot needs it longer. */
const ARCHIVE_AFTER_S = 12 * 3600;
/** Starts tried when instances race to create pg-boss's schema (see startedBoss). */
const START_ATTEMPTS = 3;

/**
 * Recurring jobs on pg-boss, in the portal's own database (PostgreSQL, or PGlite through the
 * `db` option), so every instance sees the same queues:
 * - once per interval across instances: each instance offers the job twice per interval with
 *   pg-boss's throttling (one job per interval-long slot of the database's time; a second offer
 *   in the same slot is dropped);
 * - never twice at once: the queues are `stately` (at most one job queued and one running);
 * - an instance dying mid-run: the run expires after its job's `expireAfterMs`, pg-boss's
 *   maintenance on a live instance (every `maintenanceIntervalS`) fails it, and it is retried
 *   there (retries back off, as JobPolicy says).
 */
export class PgBossScheduler implements Scheduler {
  private readonly options: PgBossSchedulerOptions;
  private readonly jobs: RecurringJob[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private boss: PgBoss | undefined;
  private stopped = true;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly observe: JobRunObserver = () => {},
    options: Omit<PgBossSchedulerOptions, keyof typeof DEFAULTS> & Partial<PgBossSchedulerOptions>,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * A started pg-boss. Instances starting at once on a new database race to create its schema,
   * and the loser's CREATE answers a unique violation: that one starts again, finding it made.
   */
  private async startedBoss(): Promise<PgBoss> {
    const longest = Math.max(...this.jobs.map(intervalSeconds));
    for (let attempt = 1; ; attempt += 1) {
      const boss = new PgBoss({
        db: pgBossDatabase(this.db),
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: this.options.maintenanceIntervalS,
        archiveCompletedAfterSeconds: Math.max(ARCHIVE_AFTER_S, longest),
      });
      // Without a listener an 'error' event would end the process.
      boss.on('error', (error) => this.options.onError(error));
      try {
        await boss.start();
        return boss;
      } catch (error) {
        await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
        if (attempt >= START_ATTEMPTS || !isUniqueViolation(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  register(job: RecurringJob): void {
    if (job.intervalMs > 0) this.jobs.push(job);
  }

  async start(): Promise<void> {
    if (this.jobs.length === 0 || this.boss) return;
    const boss = await this.startedBoss();
    this.boss = boss;
    this.stopped = false;
    this.stopping = undefined;
    for (const job of this.jobs) {
      await this.createQueue(boss, job);
      this.loop(boss, job, 0);
    }
  }

  /** Several calls share one stop. */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.running),
      new Promise((resolve) => (drainTimer = setTimeout(resolve, this.options.drainMs))),
    ]);
    clearTimeout(drainTimer);
    // Not graceful: this instance's runs are settled above, or left to expire and be retried.
    await this.boss?.stop({ graceful: false, close: false });
    this.boss = undefined;
  }

  private async createQueue(boss: PgBoss, job: RecurringJob): Promise<void> {
    const { retryLimit, retryDelayMs, expireAfterMs } = this.options;
    // The job's own expiry (seconds for a sweep), so a run its dead instance left is run again
    // within about one interval, not after the engine's fixed 15 minutes.
    const expiresMs = Math.min(job.expireAfterMs ?? expireAfterMs, expireAfterMs);
    const queue = {
      name: job.name,
      policy: 'stately' as const,
      retryLimit,
      retryDelay: Math.max(1, Math.round(retryDelayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: Math.max(1, Math.round(expiresMs / 1000)),
    };
    // Another instance may create it at the same moment: then it exists, and is updated.
    if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, queue).catch(() => {});
    await boss.updateQueue(job.name, queue);
  }

  /** Offers the job twice per interval and runs what this instance fetches, until stop(). */
  private loop(boss: PgBoss, job: RecurringJob, lastOfferedAt: number): void {
    const offerEveryMs = job.intervalMs / 2;
    const tickMs = Math.min(this.options.pollMs, offerEveryMs);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const offer = Date.now() - lastOfferedAt >= offerEveryMs;
      const offeredAt = offer ? Date.now() : lastOfferedAt;
      const tick = this.tick(boss, job, offer).finally(() => this.running.delete(tick));
      this.running.add(tick);
      void tick.then(() => {
        if (!this.stopped) this.loop(boss, job, offeredAt);
      });
    }, tickMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async tick(boss: PgBoss, job: RecurringJob, offer: boolean): Promise<void> {
    try {
      if (offer) await boss.sendThrottled(job.name, {}, {}, intervalSeconds(job), job.name);
      // pg-boss answers no job when the database is away; the next tick asks again.
      const [found] = await boss.fetch(job.name);
      if (found) await this.run(boss, job, found.id);
    } catch (error) {
      this.options.onError(error);
    }
  }

  private async run(boss: PgBoss, job: RecurringJob, id: string): Promise<void> {
    const started = performance.now();
    let report: unknown;
    try {
      report = await job.run();
    } catch (error) {
      const durationMs = performance.now() - started;
      this.observe({
        job: job.name,
        intervalMs: job.intervalMs,
        outcome: 'failure',
        durationMs,
        error,
      });
      const message = error instanceof Error ? error.message : String(error);
      // Not recorded (the database away): the run expires and is retried all the same.
      await boss.fail(job.name, id, { message }).catch(this.options.onError);
      return;
    }
    this.observe({
      job: job.name,
      intervalMs: job.intervalMs,
      outcome: 'success',
      durationMs: performance.now() - started,
      report,
    });
    await boss.complete(job.name, id).catch(this.options.onError);
  }
}

/** pg-boss throttles by whole seconds. */
function intervalSeconds(job: RecurringJob): number {
  return Math.max(1, Math.round(job.intervalMs / 1000));
}
