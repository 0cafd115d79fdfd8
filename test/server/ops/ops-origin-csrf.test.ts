import { type LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, OpsPaths } from '../../../src/contract/ops-api';
import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { OPS_PASSWORD, opsHarness, type OpsHarness, operatorSignedIn } from './ops-support';
import { type SignedInOperator } from './ops-support';

const refused = (answer: LightMyRequestResponse) => [answer.statusCode, answer.json().code];

/**
 * Exports write audit entries, so they need the CSRF header as a POST does (an image tag or a
 * link on another page sends the cookie at most, never the header); and beside the token, every
 * state-changing call and every export from another origin is refused by its `Origin` header.
 * Without `Origin`, the CSRF token alone decides.
 */
describe('the console: the CSRF header on exports, and Origin', () => {
  let h: OpsHarness;
  let admin: SignedInOperator;
  const own = () => new URL(h.server.config.ops.publicUrl).origin;

  beforeAll(async () => {
    h = await opsHarness();
    admin = await operatorSignedIn(h, 'admin');
  });
  afterAll(() => h.close());

  const call = (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    payload?: object,
  ) => h.app.inject({ method, url: `/api${path}`, headers, ...(payload && { payload }) });

  it.each([
    ['the audit export', OpsPaths.auditExport],
    ['the payments export', OpsPaymentPaths.paymentsExport],
  ])('refuses %s without the CSRF header, and with a wrong one', async (_name, path) => {
    expect(refused(await call('GET', path, { cookie: admin.cookie }))).toEqual([
      403,
      'OPS_CSRF_REJECTED',
    ]);
    const wrong = { cookie: admin.cookie, [CSRF_HEADER]: 'x'.repeat(43) };
    expect(refused(await call('GET', path, wrong))).toEqual([403, 'OPS_CSRF_REJECTED']);
    const right = await call('GET', path, { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf });
    expect(right.statusCode).toBe(200);
  });

  it('refuses a state-changing call or an export from another origin, token or not', async () => {
    const withToken = { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf };
    for (const origin of ['https://evil.example', 'null', `${own()}.evil.example`]) {
      const checkpoint = await call('POST', OpsPaths.auditCheckpoint, { ...withToken, origin }, {});
      expect(refused(checkpoint)).toEqual([403, 'OPS_CSRF_REJECTED']);
      const exported = await call('GET', OpsPaths.auditExport, { ...withToken, origin });
      expect(refused(exported)).toEqual([403, 'OPS_CSRF_REJECTED']);
    }
    // Sign-in has no session yet: Origin is its only line against a login forged elsewhere.
    const signIn = await call(
      'POST',
      OpsPaths.signIn,
      { origin: 'https://evil.example' },
      { email: admin.email, password: OPS_PASSWORD, totp_code: '000000' },
    );
    expect(refused(signIn)).toEqual([403, 'OPS_CSRF_REJECTED']);
  });

  it("takes the console's own origin, the address it was opened at, and no Origin at all", async () => {
    const withToken = { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf };
    for (const headers of [
      { ...withToken, origin: own() },
      { ...withToken, host: 'console.internal:8443', origin: 'http://console.internal:8443' },
      withToken,
    ]) {
      expect((await call('POST', OpsPaths.auditCheckpoint, headers, {})).statusCode).toBe(200);
    }
    // A read changes nothing: another origin's Origin on it is left to the browser's CORS.
    const read = await call('GET', OpsPaths.session, { ...withToken, origin: 'https://x.example' });
    expect(read.statusCode).toBe(200);
  });
});
