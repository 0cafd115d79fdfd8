import Fastify from 'fastify';
import helmet from 'helmet';
import { loadConfig, type Config } from '../../../server/config';
import {
  computeSecurityHeaders,
  helmetOptions,
  registerSecurityHeaders,
} from '../../../server/http/security-headers';

const BASE = { APP_ENV: 'test', PORT: '4300', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
const BILLPLZ = {
  BILLPLZ_API_KEY: 'api-key',
  BILLPLZ_COLLECTION_ID: 'inbmmepb',
  BILLPLZ_X_SIGNATURE_KEY: 'S-key',
};
const TOYYIBPAY = { TOYYIBPAY_USER_SECRET_KEY: 'secret', TOYYIBPAY_CATEGORY_CODE: 'cat' };
const config = (): Config => loadConfig(BASE);

/** What Helmet sets itself, per request, with the same options on a real Node answer. */
async function helmetPerRequest(options: ReturnType<typeof helmetOptions>) {
  const app = Fastify();
  app.addHook('onRequest', (request, reply, done) =>
    helmet(options)(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  app.get('/', async () => 'ok');
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return answer.headers;
}

describe('security headers built once from Helmet (security-headers.ts)', () => {
  it('are exactly the headers Helmet sets on each request with the same options', async () => {
    const c = config();
    const options = helmetOptions(c, ['https://pay.example.my']);
    const once = computeSecurityHeaders(options);
    const perRequest = await helmetPerRequest(options);
    for (const [name, value] of Object.entries(once)) expect(perRequest[name]).toBe(value);
    const helmetNames = Object.keys(perRequest).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
    );
    expect(Object.keys(once).sort()).toEqual(helmetNames.sort());
    expect(once['content-security-policy']).toContain("form-action 'self' https://pay.example.my");
    expect(once['x-content-type-options']).toBe('nosniff');
  });

  it('go on pages, 404s and errors; /api answers get the JSON set with no-store; a new gateway address is followed', async () => {
    const c = config();
    const app = Fastify();
    registerSecurityHeaders(app, c, (url) => url.startsWith('/api/'));
    app.get('/page', async () => 'page');
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/api/broken', async () => {
      throw new Error('boom');
    });
    const get = (url: string) => app.inject({ method: 'GET', url });

    const page = await get('/page');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBeUndefined();
    for (const url of ['/api/thing', '/api/broken', '/api/missing']) {
      const answer = await get(url);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['x-xss-protection']).toBeUndefined();
    }
    expect((await get('/missing')).headers['x-content-type-options']).toBe('nosniff');

    const before = new URL(c.gatewayUrl).origin;
    expect((await get('/page')).headers['content-security-policy']).toContain(
      `form-action 'self' ${before}`,
    );
    c.gatewayUrl = 'http://127.0.0.1:4999/pay';
    expect((await get('/page')).headers['content-security-policy']).toContain(
      "form-action 'self' http://127.0.0.1:4999",
    );
    await app.close();
  });

  it("names in form-action the configured gateways' hosts, and no other gateway's", async () => {
    const formAction = async (env: NodeJS.ProcessEnv) => {
      const app = Fastify();
      registerSecurityHeaders(app, loadConfig({ ...BASE, ...env }), () => false);
      app.get('/', async () => 'page');
      const csp = String(
        (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      await app.close();
      return /form-action ([^;]*)/.exec(csp)?.[1].split(' ');
    };
    const sandbox = new URL(config().gatewayUrl).origin;
    expect(await formAction({})).toEqual(["'self'", sandbox]);
    expect(await formAction({ GATEWAY: 'billplz', ...BILLPLZ })).toEqual([
      "'self'",
      'https://www.billplz-sandbox.com',
    ]);
    // A payment repeated with its key goes back to the gateway that took it: every configured one.
    expect(
      await formAction({
        GATEWAY: 'toyyibpay',
        GATEWAYS: 'toyyibpay,billplz',
        ...BILLPLZ,
        ...TOYYIBPAY,
      }),
    ).toEqual(["'self'", 'https://dev.toyyibpay.com', 'https://www.billplz-sandbox.com']);
    expect(
      await formAction({
        GATEWAYS: 'sandbox,toyyibpay',
        ...TOYYIBPAY,
        PUBLIC_URL: 'https://portal.example.my',
        GATEWAY_URL: 'https://pay.example.my/pay',
        GATEWAY_STATUS_URL: 'https://pay.example.my/status',
      }),
    ).toEqual(["'self'", 'https://pay.example.my', 'https://toyyibpay.com']);
  });
});
