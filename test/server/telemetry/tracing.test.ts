import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { createScratchDatabase, eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { registerAndLogin, type LoggedInMember } from '../support/members';
import { CREATE_PAYMENT, newPayment, signOutcome } from '../support/payments';
import { FakeBillplz } from '../support/fake-billplz';
import { compiledServerDir, USE_COMPILED_SERVER } from '../support/server-entry';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './otlp-receiver';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SECRET = 'tracing-test-gateway-secret-0123456789';
const onPostgres = eachDatabase().includes('postgres');
const FOREIGN_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const FOREIGN_PARENT = `00-${FOREIGN_TRACE}-00f067aa0ba902b7-01`;

/** A statement's text, under the attribute's old or its stable name. */
const statementOf = (span: ReceivedSpan) =>
  span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? '';

/** The spans of the trace holding a request span for `route` (the latest such trace). */
function traceOf(receiver: OtlpReceiver, route: string): ReceivedSpan[] {
  const request = receiver
    .spans()
    // Under the /api prefix the member API's routes are registered with.
    .filter((span) => span.name === 'request' && span.attributes['http.route'] === `/api${route}`)
    .at(-1);
  if (request === undefined) {
    const seen = receiver.spans().map((span) => `${span.name} ${span.attributes['http.route']}`);
    throw new Error(`no request span for ${route}; spans received:\n${seen.join('\n')}`);
  }
  return receiver.spans().filter((span) => span.traceId === request.traceId);
}

/**
 * The server process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver in this test, on
 * PostgreSQL (the `pg` instrumentation's statements): a member signs up and pays, the gateway's
 * callback completes the payment, and the traces sent show each step where it happened.
 */
(onPostgres ? describe : describe.skip)('traces over OTLP/HTTP', () => {
  let receiver: OtlpReceiver;
  let server: ServerProcess;
  let drop: () => Promise<void> = async () => {};
  let member: LoggedInMember;
  let paymentId: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    const scratch = await createScratchDatabase({ migrated: true });
    drop = scratch.drop;
    server = await startServerProcess({
      DATABASE_URL: scratch.url,
      GATEWAY_SECRET: SECRET,
      RATE_LIMIT_PER_MINUTE: '100000',
      RECONCILE_INTERVAL_S: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_SERVICE_NAME: 'portal-under-test',
      // Batches sent within a tenth of a second, so the test does not wait the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    member = await registerAndLogin(server.baseUrl);
    // A trace context a client sends is not taken up.
    await fetch(`${server.baseUrl}/api/health`, { headers: { traceparent: FOREIGN_PARENT } });
    paymentId = (await newPayment(server.baseUrl, member, '62.50')).payment_id;
    const message = signOutcome(new HmacSha256PaymentSigner(SECRET), {
      transactionId: paymentId,
      status: 'completed',
      amount: '62.50',
      timestamp: Math.floor(Date.now() / 1000),
    });
    expect((await postJson(server.baseUrl, '/payment/callback', message)).status).toBe(200);
    // Ended spans are batched; the SIGTERM's drain sends the last of them before the exit.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await receiver?.close();
    await drop();
  });

  it('shows a payment’s creation: the route, its SQL and the gateway', async () => {
    const spans = traceOf(receiver, CREATE_PAYMENT);
    const names = spans.map((span) => span.name);
    expect(names).toEqual(expect.arrayContaining(['request', 'gateway.start_payment']));
    const gateway = spans.find((span) => span.name === 'gateway.start_payment');
    expect(gateway?.attributes).toMatchObject({
      'payment.gateway': 'sandbox',
      'gateway.outcome': 'started',
    });
    const insert = expect.stringMatching(/\binsert into\b/i);
    expect(spans.map(statementOf)).toEqual(expect.arrayContaining([insert]));
    expect(receiver.refused()).toEqual([]);
  });

  it('shows a callback’s verification and the payment’s update', async () => {
    const spans = traceOf(receiver, '/payment/callback');
    const verification = spans.find((span) => span.name === 'gateway.verify_callback');
    expect(verification?.attributes).toMatchObject({
      'payment.gateway': 'sandbox',
      'gateway.outcome': 'completed',
    });
    const update = expect.stringMatching(/\bupdate\b/i);
    expect(spans.map(statementOf)).toEqual(expect.arrayContaining([update]));
  });

  it('starts its own traces, whatever trace context a client sends', () => {
    expect(receiver.spans().some((span) => span.attributes['http.route'] === '/api/health')).toBe(
      true,
    );
    expect(receiver.spans().filter((span) => span.traceId === FOREIGN_TRACE)).toEqual([]);
  });

  it('puts no personal data in any span attribute', () => {
    const values = receiver.spans().flatMap((span) => Object.values(span.attributes));
    expect(values.length).toBeGreaterThan(0);
    const personal = [member.phone_no, member.ic_or_passport, member.name, member.token];
    const leaks = values.filter((value) => personal.some((datum) => value.includes(datum)));
    expect(leaks).toEqual([]);
    // The paths are the routes' patterns: no query string, no payment id.
    const paths = receiver.spans().map((span) => span.attributes['url.path'] ?? '');
    expect(paths.filter((one) => one.includes('?') || one.includes(paymentId))).toEqual([]);
  });
});

/**
 * A gateway reached over HTTP (Billplz, faked in this test): the creation's trace has the
 * gateway's span, and under it the fetch call to the gateway's API, its URL without the query.
 */
describe('a gateway call over HTTP', () => {
  const BILLPLZ = { apiKey: 'tracing-api-key', collectionId: 'tracingc', xSignatureKey: 'S-t' };
  let receiver: OtlpReceiver;
  let billplz: FakeBillplz;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await billplz?.close();
    await receiver?.close();
  });

  it('is a child span of the gateway’s, naming no member', async () => {
    receiver = await startOtlpReceiver();
    billplz = await new FakeBillplz(BILLPLZ).start();
    server = await startServerProcess({
      GATEWAY: 'billplz',
      GATEWAYS: 'billplz',
      BILLPLZ_API_KEY: BILLPLZ.apiKey,
      BILLPLZ_COLLECTION_ID: BILLPLZ.collectionId,
      BILLPLZ_X_SIGNATURE_KEY: BILLPLZ.xSignatureKey,
      BILLPLZ_STAGING_URL: billplz.url,
      RATE_LIMIT_PER_MINUTE: '100000',
      RECONCILE_INTERVAL_S: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const member = await registerAndLogin(server.baseUrl);
    await newPayment(server.baseUrl, member, '123.45');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const spans = traceOf(receiver, CREATE_PAYMENT);
    const gateway = spans.find((span) => span.name === 'gateway.start_payment');
    expect(gateway?.attributes).toMatchObject({ 'payment.gateway': 'billplz' });
    const calls = spans.filter((span) => span.parentSpanId === gateway?.spanId);
    expect(calls.map((span) => span.attributes['url.full'])).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${billplz.url}/api/v3/bills`))]),
    );
    const values = spans.flatMap((span) => Object.values(span.attributes));
    const personal = [member.phone_no, member.ic_or_passport, member.name, BILLPLZ.apiKey];
    expect(values.filter((value) => personal.some((datum) => value.includes(datum)))).toEqual([]);
  });
});

describe('tracing off', () => {
  it('loads no OpenTelemetry SDK nor instrumentation when OTEL_EXPORTER_OTLP_ENDPOINT is unset', () => {
    // The whole server's modules loaded in a process of their own, as main.ts loads them.
    const base = USE_COMPILED_SERVER ? compiledServerDir() : ROOT;
    const script = [
      `require(${JSON.stringify(path.join(base, 'server', 'telemetry', 'register'))});`,
      `require(${JSON.stringify(path.join(base, 'server', 'container'))});`,
      `require(${JSON.stringify(path.join(base, 'server', 'http', 'app'))});`,
      `const loaded = Object.keys(require.cache);`,
      `console.log(JSON.stringify({ all: loaded.length,`,
      `  otel: loaded.filter((file) => /opentelemetry|fastify[\\/\\\\]otel/.test(file))`,
      // prom-client loads the API (a no-op without an SDK) for its exemplars, whatever we do.
      `    .filter((file) => !/@opentelemetry[\\/\\\\]api[\\/\\\\]/.test(file)) }));`,
    ].join('\n');
    const output = execFileSync(
      process.execPath,
      [...(USE_COMPILED_SERVER ? [] : ['--import', 'tsx']), '-e', script],
      { cwd: ROOT, env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' }, encoding: 'utf8' },
    );
    const { all, otel } = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      all: number;
      otel: string[];
    };
    // The app's modules did load (the check is not vacuous), none of OpenTelemetry's.
    expect(all).toBeGreaterThan(100);
    expect(otel).toEqual([]);
  });
});
