import { FAILURES_IN_A_ROW } from '../../../server/adapters/jobs/job-runs-observer';
import { type RecurringJob } from '../../../server/ports/scheduler.port';
import { DEFAULT_JOB_TIMING } from '../../../server/settings/jobs';
import { JOBS, registerScheduledJobs } from '../../../server/wiring/scheduled-jobs';
import { inMemoryServer, testConfig } from '../support/in-memory-server';

const SECOND = 1000;
const timing = { retryLimit: 0, retryDelayMs: SECOND, expireAfterMs: 60 * SECOND };

/** The value of one series in a scrape, or undefined when the scrape has none. */
async function series(
  server: ReturnType<typeof inMemoryServer>,
  line: string,
): Promise<number | undefined> {
  const { body } = await server.container.metrics.scrape();
  const found = body.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.split(' ')[1]);
}

describe('the scheduled jobs of the container', () => {
  it('runs the sweep every RECONCILE_INTERVAL_S and both purges every PURGE_INTERVAL_S, counted in the metrics', async () => {
    const server = inMemoryServer({
      config: {
        reconcileIntervalS: 60,
        purgeIntervalS: 600,
        jobTiming: { ...timing, pollMs: SECOND, maintenanceIntervalS: 1 },
      },
    });
    const { container, clock } = server;
    const sweeps = jest.spyOn(container.reconcilePendingPayments, 'execute');
    const purges = jest.spyOn(container.purgeStaleRecords, 'execute');
    await container.scheduler.start();

    await clock.advance(10 * 60 * SECOND);
    expect(sweeps).toHaveBeenCalledTimes(10);
    expect(purges).toHaveBeenCalledTimes(1);
    const runs = (job: string) => series(server, `jobs_runs_total{job="${job}",outcome="success"}`);
    expect(await runs(JOBS.reconcile)).toBe(10);
    expect(await runs(JOBS.purge)).toBe(1);
    expect(await runs(JOBS.retention)).toBe(1);
    expect(await series(server, `jobs_last_success_timestamp_seconds{job="${JOBS.purge}"}`)).toBe(
      clock.now() / 1000,
    );

    await container.close();
    await clock.advance(60 * 60 * SECOND);
    expect(sweeps).toHaveBeenCalledTimes(10);
  });

  it('runs nothing with the intervals at 0', async () => {
    const config = testConfig();
    const server = inMemoryServer({
      config: {
        reconcileIntervalS: 0,
        purgeIntervalS: 0,
        ops: { ...config.ops, auditCheckpointIntervalS: 0 },
      },
    });
    const before = server.clock.pendingTimers;
    await server.container.scheduler.start();
    expect(server.clock.pendingTimers).toBe(before);
    await server.container.close();
  });

  it('logs a job failing three times in a row as an error once, and every failure as a warning', async () => {
    const server = inMemoryServer({
      config: {
        reconcileIntervalS: 60,
        purgeIntervalS: 0,
        jobTiming: { ...timing, pollMs: SECOND, maintenanceIntervalS: 1 },
      },
    });
    const { container, clock } = server;
    const log = { warn: jest.fn(), error: jest.fn() };
    container.log.attach(log);
    const sweep = jest.spyOn(container.reconcilePendingPayments, 'execute');
    sweep.mockRejectedValue(new Error('database unavailable'));
    await container.scheduler.start();

    await clock.advance(5 * 60 * SECOND);
    expect(log.warn).toHaveBeenCalledTimes(5);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: JOBS.reconcile, failuresInARow: FAILURES_IN_A_ROW }),
      `jobs: ${JOBS.reconcile} failed 3 times in a row`,
    );
    expect(await series(server, `jobs_runs_total{job="${JOBS.reconcile}",outcome="failure"}`)).toBe(
      5,
    );

    // A success ends the streak: three more failures make one more error.
    sweep.mockResolvedValueOnce({
      checked: 0,
      completed: 0,
      failed: 0,
      stillPending: 0,
      errors: 0,
    });
    await clock.advance(4 * 60 * SECOND);
    expect(log.error).toHaveBeenCalledTimes(2);
    await container.close();
  });

  it('gives each job an expiry that fits its work: seconds for the sweep, never the fixed 15 minutes', () => {
    const jobs: RecurringJob[] = [];
    const scheduler = {
      register: (job: RecurringJob) => jobs.push(job),
      start: jest.fn(),
      stop: jest.fn(),
    };
    const config = testConfig();
    const { container } = inMemoryServer();
    registerScheduledJobs(
      scheduler,
      container,
      { deletePaymentsPastRetention: jest.fn() },
      {
        ...config,
        reconcileIntervalS: 60,
        purgeIntervalS: 3600,
        ops: { ...config.ops, auditCheckpointIntervalS: 300 },
      },
    );
    const expiry = Object.fromEntries(jobs.map((job) => [job.name, job.expireAfterMs]));
    expect(expiry).toEqual({
      [JOBS.reconcile]: 15 * SECOND,
      [JOBS.purge]: 15 * 60 * SECOND,
      [JOBS.retention]: 15 * 60 * SECOND,
      [JOBS.auditCheckpoint]: 75 * SECOND,
    });
    // A run left by a dead instance: expiry, the next maintenance, the first retry's delay (up
    // to twice the retry delay) and a poll, all within one interval of the sweep.
    const t = DEFAULT_JOB_TIMING;
    const pickedUpWithinMs =
      15 * SECOND + t.maintenanceIntervalS * SECOND + 2 * t.retryDelayMs + t.pollMs;
    expect(pickedUpWithinMs).toBeLessThanOrEqual(60 * SECOND);
  });
});
