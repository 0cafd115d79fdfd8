import { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/config';
import { buildMetricsApp } from '../../../server/http/metrics';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { registerAndLogin } from '../support/members';
import {
  newPayment,
  signOutcome,
  startPaymentsApp,
  type PaymentsTestApp,
} from '../support/payments';

jest.setTimeout(60_000);

/** One sample of the scrape: `name{a="x",b="y"} 3` with every given label equal. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total += Number(match[3]);
    }
  }
  return total;
}

describe.each(eachDatabase())('Prometheus metrics on %s', (database) => {
  let p: PaymentsTestApp;
  let metricsApp: FastifyInstance;
  let metricsUrl: string;

  beforeAll(async () => {
    p = await startPaymentsApp(database);
    // What main does when METRICS_PORT is set: a listener of their own.
    metricsApp = buildMetricsApp(p.t.container.metrics);
    metricsUrl = `${await metricsApp.listen({ host: '127.0.0.1', port: 0 })}/metrics`;
  }, 60_000);
  afterAll(async () => {
    await metricsApp?.close();
    await p?.t.close();
  }, 30_000);

  const scrape = async (): Promise<string> => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests by route pattern and status, with their latency', async () => {
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i += 1)
      expect((await fetch(`${p.t.baseUrl}/api/health`)).status).toBe(200);
    const member = await registerAndLogin(p.t.baseUrl);
    const unknown = await getJson(p.t.baseUrl, '/payment/status/TXN-NOPE', { token: member.token });
    expect(unknown.status).toBe(404);
    const after = await scrape();

    expect(
      sample(after, 'http_requests_total', health) - sample(before, 'http_requests_total', health),
    ).toBe(3);
    expect(
      sample(after, 'http_request_duration_seconds_count', health) -
        sample(before, 'http_request_duration_seconds_count', health),
    ).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      sample(after, 'http_requests_total', health),
    );
    // The route's pattern, never the id a member asked for.
    expect(
      sample(after, 'http_requests_total', {
        route: '/api/payment/status/:payment_id',
        status: '404',
      }),
    ).toBe(1);
    expect(after).not.toContain('TXN-NOPE');
    expect(
      sample(after, 'http_requests_total', { route: '/api/service/login', status: '200' }),
    ).toBe(1);
  });

  it('counts SMS sent, payments created and payments by outcome', async () => {
    const before = await scrape();
    const member = await registerAndLogin(p.t.baseUrl);
    const payment = await newPayment(p.t.baseUrl, member);
    const message = signOutcome(p.signer, {
      transactionId: payment.transactionId,
      status: 'completed',
      amount: payment.amount,
      timestamp: Math.floor(p.t.clock.now() / 1000),
    });
    expect((await postJson(p.t.baseUrl, '/payment/callback', message)).status).toBe(200);
    expect((await postJson(p.t.baseUrl, '/payment/callback', message)).status).toBe(200);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('sms_sent_total', { purpose: 'registration', outcome: 'sent' })).toBe(1);
    expect(delta('payments_created_total')).toBe(1);
    expect(delta('payments_total', { outcome: 'completed' })).toBe(1);
    expect(delta('payment_gateway_messages_total', { source: 'callback', result: 'applied' })).toBe(
      1,
    );
    expect(
      delta('payment_gateway_messages_total', { source: 'callback', result: 'duplicate' }),
    ).toBe(1);
    expect(
      delta('payment_gateway_calls_total', { operation: 'verify_callback', outcome: 'ok' }),
    ).toBe(2);
  });

  it('reports the database pool on each scrape, and database errors', async () => {
    const before = await scrape();
    await expect(p.t.container.db.query('SELECT * FROM no_such_table')).rejects.toThrow();
    // pg drops a client whose query failed: one good query keeps a connection in the pool.
    await p.t.container.db.query('SELECT 1');
    const after = await scrape();

    expect(
      sample(after, 'database_errors_total', { kind: 'other' }) -
        sample(before, 'database_errors_total', { kind: 'other' }),
    ).toBe(1);
    const total = sample(after, 'database_pool_connections', { state: 'total' });
    const idle = sample(after, 'database_pool_connections', { state: 'idle' });
    if (database === 'pglite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeLessThanOrEqual(total);
    expect(after).toMatch(/^database_pool_connections\{state="waiting"\} 0$/m);
    expect(after).toMatch(/^database_operations_in_flight 0$/m);
  });

  it('serves nothing of them on the public listener', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await fetch(`${p.t.baseUrl}${path}`);
      expect(res.headers.get('content-type') ?? '').not.toContain('text/plain');
      expect(await res.text()).not.toContain('http_requests_total');
    }
    expect((await fetch(`${p.t.baseUrl}/api/metrics`)).status).toBe(404);
  });
});

describe('metrics and shutdown settings', () => {
  it('keep the metrics listener off unless METRICS_PORT is set, on loopback by default', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics.host).toBe(
      '10.0.0.5',
    );
  });

  it('refuse the public port for the metrics, and a grace period out of range', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      'METRICS_PORT: must differ from PORT',
    );
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow('SHUTDOWN_GRACE_MS');
  });
});
