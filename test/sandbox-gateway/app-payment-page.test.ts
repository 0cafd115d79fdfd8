import {
  MERCHANT,
  handOff,
  hmac,
  isSignedByGateway,
  sessionOf,
  signedForm,
} from './support/sandbox';
import { injectedGatewayPerTest } from './support/injected-gateway';

describe('sandbox gateway app (inject): the payment page and status queries', () => {
  const sandbox = injectedGatewayPerTest();
  const { postForm, open, decide, expectErrorPage } = sandbox;

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
    const css = await sandbox.app.inject({ method: 'GET', url: '/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.card');
    const health = await sandbox.app.inject({ method: 'GET', url: '/health' });
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

  it('answers signed status queries with the current status, and 404 for unseen payments', async () => {
    const fields = handOff({ amount: '123.45' });
    const session = await open(fields);
    const status = async () => {
      const res = await sandbox.app.inject({
        method: 'GET',
        url: `/status/${fields.transactionId}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<Parameters<typeof isSignedByGateway>[0]>();
    };
    const pending = await status();
    expect(pending).toEqual({
      transactionId: fields.transactionId,
      status: 'pending',
      amount: '123.45',
      timestamp: Math.floor(sandbox.clock.now() / 1000),
      signature: hmac(
        `${fields.transactionId}|pending|123.45|${Math.floor(sandbox.clock.now() / 1000)}`,
      ),
    });
    expect(isSignedByGateway(pending)).toBe(true);

    await decide(fields.transactionId, 'approve', session);
    await sandbox.clock.advance(10_000);
    const decided = await status();
    expect(decided.status).toBe('completed');
    expect(decided.timestamp).toBe(Math.floor(sandbox.clock.now() / 1000));
    expect(isSignedByGateway(decided)).toBe(true);

    const unseen = await sandbox.app.inject({ method: 'GET', url: '/status/TXNTESTNEVERSEEN' });
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ error: 'not_found' });
  });
});
