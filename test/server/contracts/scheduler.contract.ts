import {
  type JobPolicy,
  type JobRun,
  type RecurringJob,
  type Scheduler,
} from '../../../server/ports/scheduler.port';

/** One scheduler adapter under test, with the time it runs on. */
export interface SchedulerHarness {
  /** A scheduler (one instance); a database-backed harness gives each call the same queues. */
  scheduler(observe: (run: JobRun) => void): Scheduler;
  /** Lets `ms` pass: a FakeClock's advance, or real time for a job engine on a database. */
  pass(ms: number): Promise<void>;
  /** The time a job run itself waits on (inside a handler). */
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Whether two schedulers from `scheduler()` are two instances sharing one set of queues. */
  shared: boolean;
}

export const INTERVAL_MS = 1000;
/** What every harness is built with: quick retries and expiry, so the suite stays short. */
export const CONTRACT_POLICY: JobPolicy = {
  retryLimit: 2,
  retryDelayMs: 1000,
  expireAfterMs: 3000,
};

/** A job that counts its runs and the most of them ever going at once. */
function countingJob(name: string, intervalMs: number, work: () => Promise<void>) {
  const counts = { runs: 0, running: 0, mostAtOnce: 0 };
  const job: RecurringJob = {
    name,
    intervalMs,
    run: async () => {
      counts.runs += 1;
      counts.running += 1;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
      try {
        await work();
      } finally {
        counts.running -= 1;
      }
    },
  };
  return { job, counts };
}

/**
 * What every Scheduler adapter promises: a job runs about once per interval, never twice at once
 * (also across instances), a failed run is retried after the retry delay, stop() waits for the
 * run in progress and nothing runs after it, and an interval of 0 runs nothing.
 */
export function schedulerContract(
  open: () => Promise<SchedulerHarness>,
  close: () => Promise<void>,
) {
  let h: SchedulerHarness;
  const started: Scheduler[] = [];
  const runs: (JobRun & { at: number })[] = [];
  const observe = (run: JobRun) => runs.push({ ...run, at: h.now() });
  const start = async (...jobs: RecurringJob[]) => {
    const scheduler = h.scheduler(observe);
    for (const job of jobs) scheduler.register(job);
    await scheduler.start();
    started.push(scheduler);
    return scheduler;
  };

  beforeEach(async () => {
    runs.length = 0;
    h = await open();
  });
  afterEach(async () => {
    // A run still sleeping on a fake clock needs its time to pass before stop() can end.
    let stopped = false;
    const stopping = Promise.all(started.splice(0).map((s) => s.stop())).then(
      () => (stopped = true),
    );
    while (!stopped) await Promise.race([stopping, h.pass(100)]);
    await close();
  });

  it('runs each job about once per interval across instances, one run at a time, retrying a failure', async () => {
    const tick = countingJob('tick', INTERVAL_MS, async () => {});
    const slow = countingJob('slow', INTERVAL_MS, () => h.sleep(1.6 * INTERVAL_MS));
    const off = countingJob('off', 0, async () => {});
    let flakyCalls = 0;
    const flaky = countingJob('flaky', 4 * INTERVAL_MS, async () => {
      flakyCalls += 1;
      if (flakyCalls === 1) throw new Error('the database went away');
    });
    const jobs = [tick.job, slow.job, off.job, flaky.job];
    await start(...jobs);
    // A second instance on the same queues, where the adapter has any.
    if (h.shared) await start(...jobs);
    await h.pass(6.5 * INTERVAL_MS);

    // 6 or 7 interval-long slots (with the one it started in): one run each, not one per instance
    // (two instances each running would make 12 to 14). A loaded machine's late timers can open
    // one slot more, so 8 still counts as once per interval.
    expect(tick.counts.runs).toBeGreaterThanOrEqual(5);
    expect(tick.counts.runs).toBeLessThanOrEqual(8);
    expect(tick.counts.mostAtOnce).toBe(1);
    expect(slow.counts.runs).toBeGreaterThanOrEqual(2);
    expect(slow.counts.mostAtOnce).toBe(1);
    expect(off.counts.runs).toBe(0);
    expect(
      runs.filter((run) => run.job !== 'flaky').every((run) => run.outcome === 'success'),
    ).toBe(true);

    // The failed run is retried after the retry delay, before the next interval.
    const [failed, retried] = runs.filter((run) => run.job === 'flaky');
    expect(failed).toMatchObject({ outcome: 'failure' });
    expect((failed?.error as Error).message).toBe('the database went away');
    expect(retried).toMatchObject({ outcome: 'success' });
    const gap = (retried?.at ?? 0) - (failed?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(CONTRACT_POLICY.retryDelayMs - 50);
    expect(gap).toBeLessThan(flaky.job.intervalMs);
  });

  it('stops after the run in progress has finished, and runs nothing after', async () => {
    let finished = false;
    const { job, counts } = countingJob('draining', INTERVAL_MS, async () => {
      await h.sleep(0.8 * INTERVAL_MS);
      finished = true;
    });
    const scheduler = await start(job);
    while (counts.running === 0) await h.pass(50);
    const stopped = scheduler.stop().then(() => finished);
    await h.pass(INTERVAL_MS);
    await expect(stopped).resolves.toBe(true);
    const runsAtStop = counts.runs;
    await h.pass(2 * INTERVAL_MS);
    expect(counts.runs).toBe(runsAtStop);
  });
}
