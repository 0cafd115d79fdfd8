import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type HmacSha256PaymentSigner } from '../../server/adapters/payments/hmac-sha256-payment-signer';
import {
  gatewayOutcomeCanonical,
  handOffCanonical,
  type HandOffFields,
} from '../../src/contract/sandbox-gateway';
import { type PaymentRequestBody } from '../../server/use-cases/create-payment-request.use-case';
import { eachDatabase } from './support/databases';
import { getJson } from './support/http';
import { registerAndLogin, type LoggedInMember } from './support/members';
import { newPayment, paymentStatus, startPaymentsApp } from './support/payments';
import { type TestApp } from './support/test-app';

/** Nothing listens on the discard port: a callback sent there is lost, as on a bad network. */
const LOST_CALLBACK_URL = 'http://127.0.0.1:9/api/payment/callback';

describe.each(eachDatabase())('sandbox gateway on %s', (database) => {
  let t: TestApp;
  let member: LoggedInMember;
  let signer: HmacSha256PaymentSigner;

  beforeAll(async () => {
    ({ t, signer } = await startPaymentsApp(database));
    member = await registerAndLogin(t.baseUrl, { name: 'Nur <Aisyah> & Co' });
  });
  afterAll(() => t?.close());

  const createPayment = (amount = '123.45'): Promise<PaymentRequestBody> =>
    newPayment(t.baseUrl, member, amount);

  /** What the SPA does: post every hand-off field as a form to the gateway page. */
  const postForm = (fields: Record<string, string>) =>
    fetch(`${t.baseUrl}/sandbox-gateway/pay`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  const formOf = (p: PaymentRequestBody): Record<string, string> => {
    const { payment_id: _id, status: _status, ...fields } = p;
    return fields;
  };

  const openPage = async (fields: Record<string, string>) => {
    const res = await postForm(fields);
    const html = await res.text();
    const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
    return { res, html, session };
  };

  const decide = (transactionId: string, decision: 'approve' | 'decline', session: string) =>
    fetch(`${t.baseUrl}/sandbox-gateway/pay/${transactionId}/${decision}`, {
      method: 'POST',
      body: new URLSearchParams({ session }),
      redirect: 'manual',
    });

  const apiStatus = (transactionId: string) => paymentStatus(t.baseUrl, transactionId, member);

  /** A hand-off whose callback will be lost, signed as the API would sign it. */
  const lostCallbackForm = (p: PaymentRequestBody): Record<string, string> => {
    const fields: HandOffFields = { ...formOf(p), callbackUrl: LOST_CALLBACK_URL } as HandOffFields;
    return {
      ...formOf(p),
      callbackUrl: LOST_CALLBACK_URL,
      hashVal: signer.sign(handOffCanonical(fields)),
    };
  };

  it('renders the hosted page: merchant, RM amount, transaction id, QR and the two buttons', async () => {
    const p = await createPayment('123.45');
    const { res, html, session } = await openPage(formOf(p));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(html).toContain('RM 123.45');
    expect(html).toContain(t.config.merchantName);
    expect(html).toContain(p.transactionId);
    expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect(html).toContain('>Approve payment</button>');
    expect(html).toContain('>Decline payment</button>');
    expect(html).toContain(`action="/sandbox-gateway/pay/${p.transactionId}/approve"`);
    expect(html).toContain(`action="/sandbox-gateway/pay/${p.transactionId}/decline"`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<style|\sstyle=/i);
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const css = await fetch(`${t.baseUrl}/sandbox-gateway/sandbox.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it.each([
    ['amount', '1.00'],
    ['transactionId', `TXN${'C'.repeat(24)}`],
    ['returnUrl', 'https://evil.example/steal'],
    ['callbackUrl', 'https://evil.example/callback'],
    ['custName', 'Someone Else'],
    ['hashVal', 'a'.repeat(64)],
  ])('rejects a form whose %s was tampered with (400 error page)', async (field, value) => {
    const p = await createPayment('123.45');
    const { res, html } = await openPage({ ...formOf(p), [field]: value });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('Payment request rejected');
    expect(html).not.toContain('Approve payment');
  });

  it('approve sends the signed callback, then 303s the tab to returnUrl', async () => {
    const p = await createPayment('88.50');
    const { session } = await openPage(formOf(p));
    const res = await decide(p.transactionId, 'approve', session as string);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(p.returnUrl);
    // The callback was acknowledged before the redirect: the API already knows.
    expect(await apiStatus(p.transactionId)).toBe('completed');
    const records = await t.container.db.query<{ source: string; result: string }>(
      'SELECT source, result FROM payment_callbacks WHERE transaction_id = $1',
      [p.transactionId],
    );
    expect(records).toEqual([{ source: 'callback', result: 'applied' }]);
  });

  it('decline sends a failed outcome, then 303s to returnUrl', async () => {
    const p = await createPayment('66.00');
    const { session } = await openPage(formOf(p));
    const res = await decide(p.transactionId, 'decline', session as string);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(p.returnUrl);
    expect(await apiStatus(p.transactionId)).toBe('failed');
  });

  it('lets only the tab holding the session token decide, and only once', async () => {
    const p = await createPayment('77.00');
    const { session } = await openPage(formOf(p));
    const stranger = await decide(p.transactionId, 'approve', 'x'.repeat(43));
    expect(stranger.status).toBe(403);
    expect(await apiStatus(p.transactionId)).toBe('pending');

    expect((await decide(p.transactionId, 'decline', session as string)).status).toBe(303);
    const again = await decide(p.transactionId, 'decline', session as string);
    expect(again.status).toBe(303);
    const reversed = await decide(p.transactionId, 'approve', session as string);
    expect(reversed.status).toBe(409);
    expect(await apiStatus(p.transactionId)).toBe('failed');

    const reopened = await openPage(formOf(p));
    expect(reopened.res.status).toBe(409);
    expect(reopened.html).not.toContain('Approve payment');
  });

  it('answers signed status queries and 404 for payments it never saw', async () => {
    const p = await createPayment('123.45');
    await openPage(formOf(p));
    const res = await fetch(`${t.baseUrl}/sandbox-gateway/status/${p.transactionId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string | number>;
    expect(body).toEqual({
      transactionId: p.transactionId,
      status: 'pending',
      amount: '123.45',
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
      signature: expect.any(String),
    });
    const canonical = gatewayOutcomeCanonical({
      transactionId: p.transactionId,
      status: 'pending',
      amount: '123.45',
      timestamp: Number(body.timestamp),
    });
    expect(signer.verify(canonical, String(body.signature))).toBe(true);
    const unseen = await fetch(`${t.baseUrl}/sandbox-gateway/status/TXN${'D'.repeat(24)}`);
    expect(unseen.status).toBe(404);
  });

  describe('callback delivery', () => {
    let flaky: Server;
    let flakyUrl: string;
    const seenByFlaky: number[] = [];

    beforeAll(async () => {
      // A merchant endpoint that is down for the first attempt, then forwards to the real API.
      flaky = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          seenByFlaky.push(seenByFlaky.length + 1);
          if (seenByFlaky.length === 1) {
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
      flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/callback`;
    });
    afterAll(() => new Promise<void>((resolve) => flaky.close(() => resolve())));

    it('retries in the background after a failed first attempt until acknowledged', async () => {
      const p = await createPayment('140.00');
      const fields = { ...formOf(p), callbackUrl: flakyUrl } as HandOffFields;
      const form = { ...fields, hashVal: signer.sign(handOffCanonical(fields)) };
      const { session } = await openPage(form);
      const res = await decide(p.transactionId, 'approve', session as string);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(p.returnUrl);
      expect(await apiStatus(p.transactionId)).toBe('pending');

      // The retry is scheduled with real time (backoff); wait for its effect, not for a duration.
      const attempts = async () =>
        (
          await t.container.db.query<{ callback_attempts: number }>(
            'SELECT callback_attempts FROM sandbox_payments WHERE transaction_id = $1',
            [p.transactionId],
          )
        )[0].callback_attempts;
      for (let i = 0; i < 100 && (await attempts()) < 2; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await attempts()).toBe(2);
      expect(seenByFlaky).toEqual([1, 2]);
      expect(await apiStatus(p.transactionId)).toBe('completed');
    });
  });

  describe('reconciliation of a lost callback', () => {
    it('completes a payment the gateway approved but whose callback never arrived', async () => {
      const p = await createPayment('123.45');
      const { session } = await openPage(lostCallbackForm(p));
      expect((await decide(p.transactionId, 'approve', session as string)).status).toBe(303);
      expect(await apiStatus(p.transactionId)).toBe('pending');

      // Not stale yet: a sweep leaves it alone.
      const early = await t.container.reconcilePendingPayments.execute();
      expect(early.completed).toBe(0);

      t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
      const report = await t.container.reconcilePendingPayments.execute();
      expect(report.completed).toBeGreaterThanOrEqual(1);
      expect(report.errors).toBe(0);

      const records = await t.container.db.query<{ source: string; result: string }>(
        `SELECT source, result FROM payment_callbacks WHERE transaction_id = $1`,
        [p.transactionId],
      );
      expect(records).toEqual([{ source: 'reconcile', result: 'applied' }]);
      expect(await apiStatus(p.transactionId)).toBe('completed');
    });

    it('a status read of a stale pending payment reconciles it on the spot', async () => {
      const p = await createPayment('99.90');
      const { session } = await openPage(lostCallbackForm(p));
      expect((await decide(p.transactionId, 'decline', session as string)).status).toBe(303);
      expect(await apiStatus(p.transactionId)).toBe('pending');

      t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
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
      await openPage(formOf(p));
      t.clock.advance((t.config.reconcileAfterS + 1) * 1000);
      await t.container.reconcilePendingPayments.execute();
      expect(await apiStatus(p.transactionId)).toBe('pending');
    });
  });
});
