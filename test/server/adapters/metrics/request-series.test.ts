import { Counter, Histogram, Registry } from 'prom-client';
import { RequestSeries } from '../../../../server/adapters/metrics/request-series';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1];
const COUNTER = { name: 'http_requests_total', help: 'Requests.' };
const HISTOGRAM = { name: 'http_request_duration_seconds', help: 'Latency.' };
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/health', 200, 0.001],
  ['GET', '/api/health', 200, 0.005],
  ['GET', '/api/health', 200, 0.3],
  ['POST', '/api/service/login', 401, 0.07],
  ['GET', '/api/health', 429, 0.0001],
  ['POST', '/api/service/login', 200, 0.01],
];

describe('RequestSeries', () => {
  it('scrapes as the same text as prom-client’s own labelled counter and histogram', async () => {
    const ours = new Registry();
    const series = new RequestSeries(BOUNDS);
    series.register(ours, COUNTER, HISTOGRAM);

    const theirs = new Registry();
    const labelNames = ['method', 'route', 'status'];
    const counter = new Counter({ ...COUNTER, labelNames, registers: [theirs] });
    const histogram = new Histogram({
      ...HISTOGRAM,
      labelNames,
      buckets: BOUNDS,
      registers: [theirs],
    });

    for (const [method, route, status, seconds] of OBSERVED) {
      series.record(method, route, status, seconds);
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    const sorted = (text: string) => text.split('\n').sort();
    expect(sorted(await ours.metrics())).toEqual(sorted(await theirs.metrics()));
    expect(await ours.metrics()).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health",status="200"} 2',
    );
  });

  it('scrapes nothing but the help and type lines before the first request', async () => {
    const registry = new Registry();
    new RequestSeries(BOUNDS).register(registry, COUNTER, HISTOGRAM);
    expect((await registry.metrics()).trim().split('\n')).toEqual([
      '# HELP http_requests_total Requests.',
      '# TYPE http_requests_total counter',
      '',
      '# HELP http_request_duration_seconds Latency.',
      '# TYPE http_request_duration_seconds histogram',
    ]);
  });
});
