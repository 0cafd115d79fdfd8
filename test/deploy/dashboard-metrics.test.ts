import { startServerProcess, type ServerProcess } from '../server/support/server-process';
import { alertRules } from './alerts-file';
import { dashboardPanels, metricNamesIn } from './dashboard-file';

/** Series Prometheus writes itself for each target, not the server. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

/** The series names a scrape's `# TYPE` lines promise, histograms' and summaries' parts too. */
function exportedNames(scrape: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram')
      for (const part of ['_bucket', '_sum', '_count']) names.add(name + part);
    if (type === 'summary') for (const part of ['_sum', '_count']) names.add(name + part);
  }
  return names;
}

let server: ServerProcess;
let exported: Set<string>;

beforeAll(async () => {
  const metricsLine = /Metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/;
  server = await startServerProcess(
    { METRICS_PORT: '0', LOG_LEVEL: 'silent' },
    { alsoWaitFor: metricsLine },
  );
  // Nothing has been asked of it yet: a metric must be declared before its first sample.
  const scrape = await (await fetch(metricsLine.exec(server.output())?.[1] ?? '')).text();
  exported = exportedNames(scrape);
});
afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

describe("a running server's scrape", () => {
  it('has every metric the alert rules read', () => {
    const missing = alertRules().flatMap((rule) =>
      metricNamesIn(rule.expr)
        .filter((name) => !exported.has(name) && !PROMETHEUS_OWN.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('has every metric the dashboard charts', () => {
    const missing = dashboardPanels().flatMap((panel) =>
      (panel.targets ?? []).flatMap(({ expr }) =>
        metricNamesIn(expr)
          .filter((name) => !exported.has(name) && !PROMETHEUS_OWN.has(name))
          .map((name) => `${panel.title}: ${name}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});

describe('the metric names read from PromQL', () => {
  it('are the series, not the functions, labels, ranges or keywords around them', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{job="portal", route=~"/api/(me|x)"}[$__rate_interval]))) > 1 and on (instance) up offset 5m',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
    expect(
      metricNamesIn(
        'time() - max by (exported_job) (jobs_last_success_timestamp_seconds) > clamp_min(2 * jobs_interval_seconds, 120) unless absent(x_total)',
      ),
    ).toEqual(['jobs_last_success_timestamp_seconds', 'jobs_interval_seconds', 'x_total']);
  });
});

describe('the dashboard', () => {
  const panels = dashboardPanels();

  it('gives each panel an id of its own, and each chart a query', () => {
    const ids = panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels.filter((one) => one.type !== 'row')) {
      expect({ title: panel.title, queries: (panel.targets ?? []).length > 0 }).toEqual({
        title: panel.title,
        queries: true,
      });
    }
  });

  it("charts the members' traffic, payments, gateway, SMS, jobs, backups, pool and the processes", () => {
    const charted = new Set(
      panels.flatMap((panel) => (panel.targets ?? []).flatMap(({ expr }) => metricNamesIn(expr))),
    );
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'payments_created_total',
      'payments_total',
      'payment_gateway_calls_total',
      'payment_gateway_messages_total',
      'sms_sent_total',
      'jobs_runs_total',
      'database_pool_connections',
      'http_connections',
      'backup_last_success_timestamp_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(charted).toContain(name);
    }
  });
});
