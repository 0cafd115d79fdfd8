import { ApiPaths } from '../../../../src/contract/api';
import { injectedApp, type InjectedApp } from '../../support/in-memory-server';

describe('health, errors and headers on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp();
  });
  afterEach(() => t.close());

  it('reports health and which store serves the data', async () => {
    const health = await t.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 1, message: 'OK', data: { database: 'memory' } });
  });

  it('answers 404 in the envelope for an unknown API path', async () => {
    const missing = await t.get('/no/such/thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: 0, message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('answers 413 for a body over the limit', async () => {
    const huge = await t.post(ApiPaths.login, {
      ic_or_passport: 'A1234567',
      password: 'x'.repeat(20_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({
      status: 0,
      message: 'Request body is too large.',
      code: 'BODY_TOO_LARGE',
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const broken = await t.post(ApiPaths.login, '{"ic_or_passport": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      status: 0,
      message: 'body: is not valid JSON.',
      code: 'INVALID_JSON',
    });
  });

  it('sends the security headers on API answers', async () => {
    const { headers } = await t.get('/health');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Plain http (a development host): pinning https there would lock it out.
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HTTPS and the per-address budget on the in-memory container (app.inject)', () => {
  it('pins HTTPS when the public address is https', async () => {
    const t = await injectedApp({ config: { publicUrl: 'https://portal.example.my' } });
    try {
      const { headers } = await t.get('/health');
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });

  it('answers 429 with Retry-After once an address spends its budget', async () => {
    const t = await injectedApp({ config: { rateLimitPerMinute: 2 } });
    try {
      expect((await t.get('/health')).status).toBe(200);
      expect((await t.get('/health')).status).toBe(200);
      const limited = await t.get('/health');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toEqual({
        status: 0,
        message: 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
      });
    } finally {
      await t.close();
    }
  });
});
