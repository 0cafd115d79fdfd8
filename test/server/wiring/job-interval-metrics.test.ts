import { JOBS } from '../../../server/wiring/scheduled-jobs';
import { inMemoryServer } from '../support/in-memory-server';

const SECOND = 1000;
const timing = { retryLimit: 0, retryDelayMs: SECOND, expireAfterMs: 60 * SECOND };

describe("the scheduled jobs' intervals in the metrics", () => {
  it('are what the settings say, once each job has run', async () => {
    const server = inMemoryServer({
      config: {
        reconcileIntervalS: 60,
        purgeIntervalS: 600,
        jobTiming: { ...timing, pollMs: SECOND, maintenanceIntervalS: 1 },
      },
    });
    const { container, clock } = server;
    await container.scheduler.start();
    await clock.advance(10 * 60 * SECOND);

    const { body } = await container.metrics.scrape();
    expect(body).toContain(`jobs_interval_seconds{job="${JOBS.reconcile}"} 60\n`);
    expect(body).toContain(`jobs_interval_seconds{job="${JOBS.purge}"} 600\n`);
    // A sweep that found nothing stale counts nothing.
    expect(body).not.toMatch(/^payments_reconcile_checks_total\{/m);
    await container.close();
  });
});
