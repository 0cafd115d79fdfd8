import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { registerAndLogin } from '../support/members';
import { newPayment, paymentStatus } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

describe.each(eachDatabase())('per-address limits and session checks on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, config: { rateLimitPerMinute: 12 } });
  });
  afterAll(() => t.close());

  it('keeps session checks and payment polls working for many members behind one address', async () => {
    const members = [await registerAndLogin(t.baseUrl), await registerAndLogin(t.baseUrl)];
    // 2 x (send code, outbox, register, login) + 1 payment = 9 of the 12 requests this address may make.
    const payment = await newPayment(t.baseUrl, members[0]);
    for (let i = 0; i < 30; i += 1) {
      const res = await postJson(
        t.baseUrl,
        '/service/session-check',
        {},
        { token: members[i % 2].token },
      );
      expect(res.status).toBe(200);
      expect(await paymentStatus(t.baseUrl, payment.transactionId, members[0])).toBe('pending');
      const details = await getJson(
        t.baseUrl,
        `/transaction/details?transactionId=${payment.transactionId}`,
        { token: members[0].token },
      );
      expect(details.status).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) expect((await getJson(t.baseUrl, '/health')).status).toBe(200);
    const limited = await getJson(t.baseUrl, '/health');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      status: 0,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe.each(eachDatabase())('session checks with made-up tokens on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  it('throttles them per address, while a real session keeps its own budget', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const madeUp = (i: number) => `made-up-token-${String(i).padStart(4, '0')}`;
    for (let i = 0; i < 60; i += 1) {
      const res = await postJson(t.baseUrl, '/service/session-check', {}, { token: madeUp(i) });
      expect(res.status).toBe(401);
    }
    const limited = await postJson(t.baseUrl, '/service/session-check', {}, { token: madeUp(60) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const own = await postJson(t.baseUrl, '/service/session-check', {}, { token: member.token });
    expect(own.status).toBe(200);
  });
});
