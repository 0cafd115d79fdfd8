import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildSandboxGateway } from '../../sandbox-gateway/app';
import { SandboxPaymentStore } from '../../sandbox-gateway/sandbox-payment-store';
import { type HandOffFields } from '../../src/contract/sandbox-gateway';
import { FakeClock } from '../fakes/fake-clock';
import {
  FakeMerchant,
  MERCHANT,
  handOff,
  hmac,
  isSignedByGateway,
  sandboxConfig,
  sessionOf,
  signedForm,
} from './support/sandbox';

// Drawing QR codes is slow on a busy machine (suites run in parallel).
jest.setTimeout(30_000);

describe('sandbox gateway app (inject)', () => {
  let app: FastifyInstance;
  let clock: FakeClock;
  let merchant: FakeMerchant;
  let store: SandboxPaymentStore;

  beforeEach(async () => {
    clock = new FakeClock();
    merchant = new FakeMerchant();
    store = new SandboxPaymentStore();
    app = await buildSandboxGateway(sandboxConfig(), {
      clock,
      store,
      transport: merchant.transport,
      delivery: { maxAttempts: 4, baseDelayMs: 1000, timeoutMs: 5000 },
    });
  });
  afterEach(() => app.close());

  const postForm = (form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  const open = async (fields: HandOffFields) => {
    const res = await postForm(signedForm(fields));
    expect(res.statusCode).toBe(200);
    return sessionOf(res.body);
  };

  const decide = (transactionId: string, decision: 'approve' | 'decline', session: string) =>
    app.inject({
      method: 'POST',
      url: `/pay/${transactionId}/${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session }).toString(),
    });

  const expectErrorPage = (res: LightMyRequestResponse, status: number, title: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(title);
    expect(res.body).not.toContain('Approve payment');
  };

  it('shows merchant, RM amount, transaction ID, a DuitNow-style QR and the two buttons', async () => {
    const fields = handOff({ amount: '123.45' });
    const res = await postForm(signedForm(fields));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('RM 123.45');
    expect(res.body).toContain('Kedai &lt;Aisyah&gt; &amp; Co');
    expect(res.body).not.toContain(MERCHANT);
    expect(res.body).toContain(fields.transactionId);
    expect(res.body).toContain('DuitNow QR');
    expect(res.body).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect(res.body).toContain('>Approve payment</button>');
    expect(res.body).toContain('>Decline payment</button>');
    expect(res.body).toContain(`action="/pay/${fields.transactionId}/approve"`);
    expect(res.body).toContain(`action="/pay/${fields.transactionId}/decline"`);
    expect(res.body).not.toMatch(/<script|<style|\sstyle=/i);
    expect(sessionOf(res.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lets the page post only to itself and redirect only to the merchant origin (CSP)', async () => {
    const res = await postForm(
      signedForm(handOff({ returnUrl: 'http://shop.test:8080/return?transactionId=X' })),
    );
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://shop.test:8080;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');

    const error = await postForm({});
    expect(String(error.headers['content-security-policy'])).toContain("form-action 'self';");
  });

  it('serves its stylesheet and a health answer', async () => {
    const css = await app.inject({ method: 'GET', url: '/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.card');
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['amount', '1.00'],
    ['transactionId', 'TXNTESTSOMEONEELSE'],
    ['returnUrl', 'https://evil.example/steal'],
    ['callbackUrl', 'https://evil.example/callback'],
    ['custName', 'Someone Else'],
    ['hashVal', 'a'.repeat(64)],
  ])('rejects a form whose %s was changed after signing (400 error page)', async (field, value) => {
    const res = await postForm({ ...signedForm(handOff()), [field]: value });
    expectErrorPage(res, 400, 'Payment request rejected');
    expect(res.body).toContain('signature (hashVal) is invalid');
  });

  it('rejects a form signed with another secret, an unknown merchant and missing fields', async () => {
    expectErrorPage(
      await postForm(signedForm(handOff(), 'another-secret')),
      400,
      'signature (hashVal) is invalid',
    );
    expectErrorPage(
      await postForm(signedForm(handOff({ clientId: 'someone-else' }))),
      400,
      'Unknown merchant.',
    );
    const { hashVal: _hashVal, ...unsigned } = signedForm(handOff());
    expectErrorPage(await postForm(unsigned), 400, 'Missing field: hashVal.');
    expectErrorPage(
      await postForm(signedForm(handOff({ amount: '12.5' }))),
      400,
      'Invalid amount.',
    );
    expectErrorPage(
      await postForm(signedForm(handOff({ returnUrl: 'javascript:alert(1)' }))),
      400,
      'Invalid returnUrl or callbackUrl.',
    );
  });

  it('approve sends the signed callback to callbackUrl, then 303s the tab to returnUrl', async () => {
    const fields = handOff({ amount: '88.50' });
    const session = await open(fields);
    await clock.advance(42_000);
    const res = await decide(fields.transactionId, 'approve', session);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(fields.returnUrl);
    expect(merchant.received).toEqual([
      {
        url: fields.callbackUrl,
        body: {
          transactionId: fields.transactionId,
          status: 'completed',
          amount: '88.50',
          timestamp: Math.floor(clock.now() / 1000),
          signature: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      },
    ]);
    expect(isSignedByGateway(merchant.received[0].body)).toBe(true);
    expect(store.find(fields.transactionId)).toMatchObject({
      status: 'completed',
      callbackAttempts: 1,
      callbackAcknowledgedAt: clock.now(),
    });
  });

  it('decline sends a failed outcome, then 303s to returnUrl', async () => {
    const fields = handOff({ amount: '66.00' });
    const res = await decide(fields.transactionId, 'decline', await open(fields));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(fields.returnUrl);
    expect(merchant.received.map((r) => r.body.status)).toEqual(['failed']);
  });

  it('lets only the tab holding the session token decide, and only once', async () => {
    const fields = handOff();
    const session = await open(fields);
    const stranger = await decide(fields.transactionId, 'approve', 'x'.repeat(43));
    expectErrorPage(stranger, 403, 'Not allowed');
    expect(merchant.received).toEqual([]);

    expect((await decide(fields.transactionId, 'decline', session)).statusCode).toBe(303);
    // The same button again, already acknowledged: back to the merchant, nothing sent again.
    const again = await decide(fields.transactionId, 'decline', session);
    expect(again.statusCode).toBe(303);
    expect(merchant.received).toHaveLength(1);
    expectErrorPage(
      await decide(fields.transactionId, 'approve', session),
      409,
      'Payment already decided',
    );
    expectErrorPage(await postForm(signedForm(fields)), 409, 'already declined');
    expect(store.find(fields.transactionId)?.status).toBe('failed');
  });

  it('hands the decision to the newest tab when the form is posted again', async () => {
    const fields = handOff();
    const first = await open(fields);
    const second = await open(fields);
    expect(second).not.toBe(first);
    expect((await decide(fields.transactionId, 'approve', first)).statusCode).toBe(403);
    expect((await decide(fields.transactionId, 'approve', second)).statusCode).toBe(303);
  });

  it('answers 404 for a decision on a payment it never saw and for unknown pages', async () => {
    expectErrorPage(await decide('TXNTESTNEVERSEEN', 'approve', 'x'), 404, 'Payment not found');
    expectErrorPage(
      await app.inject({ method: 'GET', url: '/sandbox-gateway/pay' }),
      404,
      'Not found',
    );
    expect((await decide('TXNTESTNEVERSEEN', 'steal' as 'approve', 'x')).statusCode).toBe(400);
  });

  it('answers signed status queries with the current status, and 404 for unseen payments', async () => {
    const fields = handOff({ amount: '123.45' });
    const session = await open(fields);
    const status = async () => {
      const res = await app.inject({ method: 'GET', url: `/status/${fields.transactionId}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<Parameters<typeof isSignedByGateway>[0]>();
    };
    const pending = await status();
    expect(pending).toEqual({
      transactionId: fields.transactionId,
      status: 'pending',
      amount: '123.45',
      timestamp: Math.floor(clock.now() / 1000),
      signature: hmac(`${fields.transactionId}|pending|123.45|${Math.floor(clock.now() / 1000)}`),
    });
    expect(isSignedByGateway(pending)).toBe(true);

    await decide(fields.transactionId, 'approve', session);
    await clock.advance(10_000);
    const decided = await status();
    expect(decided.status).toBe('completed');
    expect(decided.timestamp).toBe(Math.floor(clock.now() / 1000));
    expect(isSignedByGateway(decided)).toBe(true);

    const unseen = await app.inject({ method: 'GET', url: '/status/TXNTESTNEVERSEEN' });
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ error: 'not_found' });
  });

  describe('callback delivery', () => {
    it('retries a failed callback with doubling delays, each signed afresh, until acknowledged', async () => {
      merchant.answers = [503, new Error('connection refused'), 200];
      const fields = handOff();
      const res = await decide(fields.transactionId, 'approve', await open(fields));
      // The payer is not kept waiting for retries.
      expect(res.statusCode).toBe(303);
      expect(merchant.received).toHaveLength(1);

      await clock.advance(999);
      expect(merchant.received).toHaveLength(1);
      await clock.advance(1);
      expect(merchant.received).toHaveLength(2);
      await clock.advance(1999);
      expect(merchant.received).toHaveLength(2);
      await clock.advance(1);
      expect(merchant.received).toHaveLength(3);
      expect(clock.pendingTimers).toBe(0);

      const timestamps = merchant.received.map((r) => r.body.timestamp);
      const start = timestamps[0];
      expect(timestamps).toEqual([start, start + 1, start + 3]);
      expect(merchant.received.every((r) => isSignedByGateway(r.body))).toBe(true);
      expect(store.find(fields.transactionId)).toMatchObject({
        callbackAttempts: 3,
        callbackAcknowledgedAt: clock.now(),
      });
    });

    it('gives up after the last attempt', async () => {
      merchant.answers = [500, 500, 500, 500, 500];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      await clock.advance(60_000);
      expect(merchant.received).toHaveLength(4);
      expect(clock.pendingTimers).toBe(0);
      expect(store.find(fields.transactionId)?.callbackAcknowledgedAt).toBeNull();
    });

    it('does not retry an outcome the merchant refuses (4xx other than 429)', async () => {
      merchant.answers = [400];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      await clock.advance(60_000);
      expect(merchant.received).toHaveLength(1);
    });

    it('retries when rate limited (429)', async () => {
      merchant.answers = [429];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      await clock.advance(1000);
      expect(merchant.received).toHaveLength(2);
    });

    it('sends again when the payer clicks again before the merchant acknowledged', async () => {
      merchant.answers = [503];
      const fields = handOff();
      const session = await open(fields);
      await decide(fields.transactionId, 'approve', session);
      expect((await decide(fields.transactionId, 'approve', session)).statusCode).toBe(303);
      expect(merchant.received).toHaveLength(2);
    });

    it('drops waiting retries when the app closes', async () => {
      merchant.answers = [503];
      const fields = handOff();
      await decide(fields.transactionId, 'approve', await open(fields));
      expect(clock.pendingTimers).toBe(1);
      await app.close();
      expect(clock.pendingTimers).toBe(0);
      await clock.advance(60_000);
      expect(merchant.received).toHaveLength(1);
    });
  });
});
