import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type FastifyInstance } from 'fastify';
import { HmacSha256PaymentSigner } from '../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { buildSandboxGateway } from '../../sandbox-gateway/app';
import { SystemClock } from '../../src/contract/clock';
import { loadSandboxGatewayConfig } from '../../sandbox-gateway/config';
import { type CreatePaymentResponse } from '../../src/contract/api';
import { handOffCanonical, type HandOffFields } from '../../src/contract/sandbox-gateway';
import { eachDatabase } from '../../scripts/support/databases';
import { getJson } from '../server/support/http';
import { registerAndLogin, type LoggedInMember } from '../server/support/members';
import { newPayment, paymentStatus } from '../server/support/payments';
import { startTestApp, type TestApp } from '../server/support/test-app';
import { sessionOf } from './support/sandbox';

// Starting the API (database, migrations) and drawing QR codes is slow on a busy machine.
jest.setTimeout(60_000);

/** Nothing listens on the discard port: a callback sent there is lost, as on a bad network. */
const LOST_CALLBACK_URL = 'http://127.0.0.1:9/api/payment/callback';

const origin = (server: Server): string =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * The sandbox gateway and the API as two apps on two ports, talking only as a hosted gateway
 * and its merchant do: the signed form in, the signed callback out, the signed status query.
 */
describe.each(eachDatabase())('sandbox gateway beside the API on %s', (database) => {
  let t: TestApp;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  let member: LoggedInMember;
  let signer: HmacSha256PaymentSigner;

  beforeAll(async () => {
    // Both apps read the same default settings (secret, merchant id), as `npm start` runs them.
    const settings = loadSandboxGatewayConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    const system = new SystemClock();
    let apiNow: () => number = () => Date.now();
    // Signed timestamps follow the API's fake clock, so advancing it never makes them stale.
    gateway = await buildSandboxGateway(settings, {
      clock: {
        now: () => apiNow(),
        after: (ms, task) => system.after(ms, task),
        every: (ms, task) => system.every(ms, task),
        sleep: (ms) => system.sleep(ms),
      },
      delivery: { maxAttempts: 3, baseDelayMs: 50, timeoutMs: 2000 },
    });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    gatewayUrl = origin(gateway.server);
    t = await startTestApp({
      database,
      config: { gatewayUrl: `${gatewayUrl}/pay`, gatewayStatusUrl: `${gatewayUrl}/status` },
    });
    apiNow = () => t.clock.now();
    signer = new HmacSha256PaymentSigner(t.config.gatewaySecret);
    member = await registerAndLogin(t.baseUrl, { name: 'Nur <Aisyah> & Co' });
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  const createPayment = (amount = '123.45') =>
    newPayment(t.baseUrl, member, amount) as unknown as Promise<CreatePaymentResponse>;

  /** What the SPA does: post the hand-off the API chose, as a form, to the gateway's page. */
  const postForm = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  const openPage = async (p: CreatePaymentResponse, fields = p.gateway.fields) => {
    const res = await postForm(p.gateway.url, fields);
    const html = await res.text();
    expect(res.status).toBe(200);
    return sessionOf(html);
  };

  const decide = (transactionId: string, decision: 'approve' | 'decline', session: string) =>
    fetch(`${gatewayUrl}/pay/${transactionId}/${decision}`, {
      method: 'POST',
      body: new URLSearchParams({ session }),
      redirect: 'manual',
    });

  const apiStatus = (transactionId: string) => paymentStatus(t.baseUrl, transactionId, member);

  /** The hand-off with another callbackUrl, signed as the API would sign it. */
  const withCallbackUrl = (p: CreatePaymentResponse, callbackUrl: string) => {
    const fields = { ...(p.gateway.fields as unknown as HandOffFields), callbackUrl };
    return { ...p.gateway.fields, callbackUrl, hashVal: signer.sign(handOffCanonical(fields)) };
  };

  it("the API hands members to the sandbox's own port", async () => {
    const p = await createPayment();
    expect(p.gateway).toMatchObject({ url: `${gatewayUrl}/pay`, method: 'POST' });
    expect(new URL(p.gateway.url).origin).not.toBe(t.baseUrl);
  });

  it('approve: the signed callback reaches the API before the tab returns to returnUrl', async () => {
    const p = await createPayment('88.50');
    const session = await openPage(p);
    const res = await decide(p.transactionId, 'approve', session);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(p.returnUrl);
    expect(await apiStatus(p.transactionId)).toBe('completed');
  });

  it('decline: the API records the failed outcome', async () => {
    const p = await createPayment('66.00');
    const res = await decide(p.transactionId, 'decline', await openPage(p));
    expect(res.status).toBe(303);
    expect(await apiStatus(p.transactionId)).toBe('failed');
  });

  it('refuses a hand-off the API did not sign', async () => {
    const p = await createPayment();
    const res = await postForm(p.gateway.url, { ...p.gateway.fields, amount: '1.00' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Payment request rejected');
  });

  describe('callback delivery', () => {
    let flaky: Server;
    let seen = 0;

    beforeAll(async () => {
      // A merchant endpoint that is down for the first attempt, then forwards to the real API.
      flaky = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          seen += 1;
          if (seen === 1) {
            res.writeHead(503).end();
            return;
          }
          fetch(`${t.baseUrl}/api/payment/callback`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: Buffer.concat(chunks).toString('utf8'),
          }).then(
            async (answer) => res.writeHead(answer.status).end(await answer.text()),
            () => res.writeHead(502).end(),
          );
        });
      });
      await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => flaky.close(() => resolve())));

    it('retries in the background after a failed first attempt until the API acknowledges', async () => {
      const p = await createPayment('140.00');
      const session = await openPage(p, withCallbackUrl(p, `${origin(flaky)}/callback`));
      const res = await decide(p.transactionId, 'approve', session);
      expect(res.status).toBe(303);
      expect(await apiStatus(p.transactionId)).toBe('pending');
      // The retry runs on real time (50 ms backoff here): wait for its effect.
      for (let i = 0; i < 100 && (await apiStatus(p.transactionId)) === 'pending'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await apiStatus(p.transactionId)).toBe('completed');
      expect(seen).toBe(2);
    });
  });

  describe('reconciliation of a lost callback through the status query', () => {
    it('completes a payment the gateway approved but whose callback never arrived', async () => {
      const p = await createPayment('123.45');
      const session = await openPage(p, withCallbackUrl(p, LOST_CALLBACK_URL));
      expect((await decide(p.transactionId, 'approve', session)).status).toBe(303);
      expect(await apiStatus(p.transactionId)).toBe('pending');

      // Not stale yet: a sweep leaves it alone.
      expect((await t.container.reconcilePendingPayments.execute()).completed).toBe(0);

      await t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
      const report = await t.container.reconcilePendingPayments.execute();
      expect(report.completed).toBeGreaterThanOrEqual(1);
      expect(report.errors).toBe(0);
      expect(await apiStatus(p.transactionId)).toBe('completed');
    });

    it('a status read of a stale pending payment reconciles it on the spot', async () => {
      const p = await createPayment('99.90');
      const session = await openPage(p, withCallbackUrl(p, LOST_CALLBACK_URL));
      expect((await decide(p.transactionId, 'decline', session)).status).toBe(303);
      expect(await apiStatus(p.transactionId)).toBe('pending');

      await t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
      expect(await apiStatus(p.transactionId)).toBe('failed');
      const details = await getJson<{ status: string }>(
        t.baseUrl,
        `/transaction/details?transactionId=${p.transactionId}`,
        { token: member.token },
      );
      expect(details.body.data?.status).toBe('failed');
    });

    it('leaves a payment pending while the gateway has no outcome for it', async () => {
      const p = await createPayment('51.00');
      await openPage(p);
      await t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
      await t.container.reconcilePendingPayments.execute();
      expect(await apiStatus(p.transactionId)).toBe('pending');
    });

    it('leaves a payment pending that the gateway never saw (status 404)', async () => {
      const p = await createPayment('52.00');
      await t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
      const report = await t.container.reconcilePendingPayments.execute();
      expect(report.errors).toBe(0);
      expect(await apiStatus(p.transactionId)).toBe('pending');
    });
  });
});
