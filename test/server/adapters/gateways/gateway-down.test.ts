import { Writable } from 'node:stream';
import { DEFAULT_GATEWAY_TIMEOUT_MS } from '../../../../server/adapters/gateways/bill-gateway';
import { BillplzGatewayAdapter } from '../../../../server/adapters/gateways/billplz-gateway.adapter';
import { ToyyibPayGatewayAdapter } from '../../../../server/adapters/gateways/toyyibpay-gateway.adapter';
import { loadConfig } from '../../../../server/config';
import { type CreatePaymentResponse } from '../../../../src/contract/api';
import { FakeBillplz } from '../../support/fake-billplz';
import { FakeToyyibPay } from '../../support/fake-toyyibpay';
import { type FaultServer, startFaultServer } from '../../support/fault-server';
import { registerAndLogin, type LoggedInMember } from '../../support/members';
import { newPayment, paymentStatus } from '../../support/payments';
import { startTestApp, type TestApp } from '../../support/test-app';

const FORM = 'application/x-www-form-urlencoded';
const TOYYIBPAY = { userSecretKey: 'tp-down-secret', categoryCode: 'tpdown01' };
const BILLPLZ = { apiKey: 'bp-down-key', collectionId: 'bpdown01', xSignatureKey: 'S-down' };

/** The JSON lines an app logs, read back as records. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  /** Records at warn (40) or above, since `from` records were logged. */
  const problems = (from: number) =>
    records()
      .slice(from)
      .filter((r) => Number(r.level) >= 40);
  return { stream, count: () => lines.length, problems };
}

/** A stack frame's line (an error's own one-line header is fine). */
const FRAME = /\n\s+at /;
/** Any stack frame in the records, once logged as JSON (which writes a line break as \n). */
const hasFrames = (records: unknown) => /\\n\s+at /.test(JSON.stringify(records));

const billOf = (payment: CreatePaymentResponse) =>
  new URL(payment.gateway.url).pathname.split('/').pop() ?? '';

describe('a callback while ToyyibPay is down', () => {
  let fake: FakeToyyibPay;
  let t: TestApp;
  let alice: LoggedInMember;
  const logs = logCapture();

  beforeAll(async () => {
    fake = await new FakeToyyibPay(TOYYIBPAY).start();
    const gateways = loadConfig({
      GATEWAY: 'toyyibpay',
      TOYYIBPAY_USER_SECRET_KEY: TOYYIBPAY.userSecretKey,
      TOYYIBPAY_CATEGORY_CODE: TOYYIBPAY.categoryCode,
      TOYYIBPAY_STAGING_URL: fake.url,
    }).gateways;
    t = await startTestApp({
      database: 'pglite',
      config: { gateway: 'toyyibpay', gateways },
      logStream: logs.stream,
    });
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.statusFault = null;
  });

  const callback = (body: string) =>
    fetch(`${t.baseUrl}/api/payment/callback/toyyibpay`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body,
    });
  /** The messages recorded about the bill (a refused one is recorded without a payment id). */
  const recorded = (billCode: string) =>
    t.container.db.query<{ result: string; reason: string | null }>(
      "SELECT result, reason FROM payment_callbacks WHERE payload LIKE '%billcode=' || $1 || '%' ORDER BY id",
      [billCode],
    );

  it.each([
    ['answering 500', 500 as const, 5_000],
    ['never answering', 'hang' as const, DEFAULT_GATEWAY_TIMEOUT_MS + 5_000],
  ])(
    'answers 502 PAYMENT_GATEWAY_UNAVAILABLE with Retry-After, logging one line: %s',
    async (_case, fault, within) => {
      const payment = await newPayment(t.baseUrl, alice, '50.00');
      const paid = fake.pay(billOf(payment), true);
      fake.statusFault = fault;
      const from = logs.count();
      const began = Date.now();
      const answer = await callback(paid.callbackBody);
      expect(Date.now() - began).toBeLessThan(within);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await answer.json()).toEqual({
        status: 0,
        code: 'PAYMENT_GATEWAY_UNAVAILABLE',
        message: expect.stringMatching(/ToyyibPay could not confirm the callback/),
      });
      const problems = logs.problems(from);
      expect(problems).toEqual([
        expect.objectContaining({ level: 40, msg: 'callback not confirmed', gateway: 'toyyibpay' }),
      ]);
      expect(hasFrames(problems)).toBe(false);
      expect(JSON.stringify(problems)).not.toContain(TOYYIBPAY.userSecretKey);
      expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('pending');
      expect(await recorded(billOf(payment))).toEqual([
        { result: 'rejected', reason: expect.stringMatching(/^unavailable: /) },
      ]);

      // ToyyibPay back: the same callback sent again is applied.
      fake.statusFault = null;
      expect((await callback(paid.callbackBody)).status).toBe(200);
      expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('completed');
    },
    DEFAULT_GATEWAY_TIMEOUT_MS + 20_000,
  );
});

describe('Billplz down', () => {
  let fake: FakeBillplz;
  let t: TestApp;
  let alice: LoggedInMember;
  const logs = logCapture();

  beforeAll(async () => {
    fake = await new FakeBillplz(BILLPLZ).start();
    const billplz = loadConfig({
      GATEWAY: 'billplz',
      BILLPLZ_API_KEY: BILLPLZ.apiKey,
      BILLPLZ_COLLECTION_ID: BILLPLZ.collectionId,
      BILLPLZ_X_SIGNATURE_KEY: BILLPLZ.xSignatureKey,
      BILLPLZ_STAGING_URL: fake.url,
    }).billplz;
    t = await startTestApp({
      database: 'pglite',
      config: { gateway: 'billplz', billplz },
      logStream: logs.stream,
    });
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the returning tab on, logging one line, and still takes signed callbacks', async () => {
    const payment = await newPayment(t.baseUrl, alice, '50.00');
    const paid = fake.pay(billOf(payment), true);
    fake.failWith = 500;
    try {
      const from = logs.count();
      // The redirect asks Billplz at once; its failure leaves the callback to decide.
      const back = await fetch(`${t.baseUrl}/api/payment/redirect/billplz?${paid.redirectQuery}`, {
        redirect: 'manual',
      });
      expect(back.status).toBe(303);
      const problems = logs.problems(from);
      expect(problems).toEqual([
        expect.objectContaining({
          level: 40,
          msg: expect.stringContaining('gateway status query failed'),
        }),
      ]);
      expect(JSON.stringify(problems)).toMatch(/HTTP 500/);
      expect(hasFrames(problems)).toBe(false);
      // Signed: believed without asking Billplz.
      expect((await paid.deliverCallback()).status).toBe(200);
      expect(await paymentStatus(t.baseUrl, payment.payment_id, alice)).toBe('completed');
    } finally {
      fake.failWith = null;
    }
  });
});

describe('a bill gateway that cannot be asked', () => {
  let fault: FaultServer;
  beforeAll(async () => {
    fault = await startFaultServer();
  });
  afterAll(() => fault?.close());

  const adapters = (baseUrl: string, timeoutMs: number) => [
    new ToyyibPayGatewayAdapter({ ...TOYYIBPAY, baseUrl }, fetch, timeoutMs),
    new BillplzGatewayAdapter({ ...BILLPLZ, baseUrl }, fetch, timeoutMs),
  ];
  const ref = { transactionId: 'tx-1', gatewayRef: 'bill1234' };

  it('throws one line naming the failure, a 5xx or its own timeout, without stack frames', async () => {
    for (const [mode, said] of [
      ['error', /HTTP 503/],
      ['hang', /did not answer within 300 ms/],
    ] as const) {
      fault.mode = mode;
      for (const adapter of adapters(fault.url, 300)) {
        const began = Date.now();
        const error = await adapter.queryStatus(ref).then(
          () => null,
          (thrown: unknown) => thrown as Error,
        );
        expect(Date.now() - began).toBeLessThan(3000);
        expect(error).toMatchObject({ name: 'GatewayUnavailableError', message: said });
        expect(error?.stack).not.toMatch(FRAME);
        expect(error?.cause).toBeUndefined();
      }
    }
  });
});
