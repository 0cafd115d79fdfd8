import { PortalMetrics } from '../../../server/adapters/metrics/portal-metrics';
import { type Database } from '../../../server/adapters/postgres/database';

/** The value of one series in a scrape, or undefined when the scrape has none. */
async function series(metrics: PortalMetrics, line: string): Promise<number | undefined> {
  const { body } = await metrics.scrape();
  const found = body.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.split(' ')[1]);
}

/** A database whose pool reports what it is given; nothing is ever queried. */
function poolOf(stats: ReturnType<NonNullable<Database['poolStats']>>): Database {
  const refuse = () => Promise.reject(new Error('not queried'));
  return {
    kind: 'postgres',
    query: refuse,
    exec: refuse,
    transaction: refuse,
    close: () => Promise.resolve(),
    poolStats: () => stats,
  };
}

describe('the metrics the alert rules read', () => {
  it("give each job's interval once it has run, failed runs too", async () => {
    const metrics = new PortalMetrics();
    expect(await series(metrics, 'jobs_interval_seconds{job="audit-checkpoint"}')).toBeUndefined();
    metrics.jobs.record(
      { job: 'audit-checkpoint', intervalMs: 300_000, outcome: 'failure', durationMs: 5 },
      1_000_000,
    );
    expect(await series(metrics, 'jobs_interval_seconds{job="audit-checkpoint"}')).toBe(300);
  });

  it("count the payment sweep's findings by outcome, and no other job's report", async () => {
    const metrics = new PortalMetrics();
    const report = { checked: 6, completed: 2, failed: 1, stillPending: 0, errors: 3 };
    metrics.jobs.record(
      { job: 'reconcile-payments', outcome: 'success', durationMs: 5, report },
      1_000,
    );
    metrics.jobs.record(
      { job: 'purge-stale-records', outcome: 'success', durationMs: 5, report },
      2_000,
    );
    const checks = (outcome: string) =>
      series(metrics, `payments_reconcile_checks_total{outcome="${outcome}"}`);
    expect(await checks('completed')).toBe(2);
    expect(await checks('failed')).toBe(1);
    expect(await checks('error')).toBe(3);
    expect(await checks('still_pending')).toBeUndefined();
  });

  it("give the pool's cap beside its connections: PostgreSQL's pool size, PGlite's one", async () => {
    const metrics = new PortalMetrics();
    metrics.meterDatabase(poolOf({ total: 9, idle: 0, waiting: 2, max: 10 }));
    expect(await series(metrics, 'database_pool_max_connections')).toBe(10);
    expect(await series(metrics, 'database_pool_connections{state="total"}')).toBe(9);

    const pglite = new PortalMetrics();
    const { poolStats: _none, ...embedded } = poolOf({ total: 1, idle: 1, waiting: 0 });
    pglite.meterDatabase({ ...embedded, kind: 'pglite' });
    expect(await series(pglite, 'database_pool_max_connections')).toBe(1);
  });
});
