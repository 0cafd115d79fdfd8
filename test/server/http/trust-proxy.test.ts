import { type FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../../server/config';
import { buildApp } from '../../../server/http/app';
import { buildOpsApp } from '../../../server/ops-http/app';
import { parseAllowedIps } from '../../../server/settings/ops';
import { type TrustProxySetting } from '../../../server/settings/trust-proxy';
import { OpsPaths } from '../../../src/contract/ops-api';
import { inMemoryServer, type InMemoryServer } from '../support/in-memory-server';

/**
 * TRUST_PROXY says whose X-Forwarded-For is believed: a number of hops or the proxies'
 * addresses. The client is the right-most address that is not a trusted proxy, so what a client
 * writes in the header itself (left of what its proxy appends) is never its address: not for
 * OPS_ALLOWED_IPS, not for any per-address limit. Requests reach the app from 127.0.0.1 (inject).
 */
const base = { APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' };

describe('TRUST_PROXY', () => {
  it('takes a number of hops or a list of proxy addresses and CIDR blocks; off unless set', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    const listed = '127.0.0.1, 10.0.0.0/8, fd00::/8';
    expect(loadConfig({ ...base, TRUST_PROXY: listed }).trustProxy).toBe(listed);
  });

  it('refuses true (it believed every client) and says what to set instead', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*number of proxies.*TRUST_PROXY=1.*addresses/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.300' })).toThrow(
      /TRUST_PROXY: "10.0.0.300" is not an address or CIDR block/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY: at most/);
  });
});

describe('the console behind a proxy: OPS_ALLOWED_IPS and the sign-in limit', () => {
  const apps: FastifyInstance[] = [];
  const servers: InMemoryServer[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const server of servers) await server.container.close();
  });
  async function consoleBehind(trustProxy: TrustProxySetting, allowed?: string) {
    const server = inMemoryServer({ config: { trustProxy } });
    servers.push(server);
    const ops = {
      ...server.config.ops,
      allowedIps: allowed === undefined ? undefined : parseAllowedIps(allowed, []),
    };
    const app = await buildOpsApp(
      server.container,
      { ...server.config, ops },
      {
        distDir: '/nonexistent',
      },
    );
    apps.push(app);
    return app;
  }
  const session = (app: FastifyInstance, headers: Record<string, string | string[]>) =>
    app.inject({ method: 'GET', url: `/api${OpsPaths.session}`, headers });

  it('does not let a client name its own address in front of the one its proxy appends', async () => {
    const app = await consoleBehind(1, '10.9.9.9');
    const spoofed = await session(app, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' });
    expect([spoofed.statusCode, spoofed.json().code]).toEqual([404, 'NOT_FOUND']);
    // The genuine allowed client, whatever it wrote before the address its proxy saw.
    const genuine = await session(app, { 'x-forwarded-for': '203.0.113.7, 10.9.9.9' });
    expect([genuine.statusCode, genuine.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });

  it('refuses several X-Forwarded-For lines with a coded 400, whatever their order', async () => {
    const app = await consoleBehind(1, '10.9.9.9');
    for (const lines of [
      ['10.9.9.9', '203.0.113.7'],
      ['203.0.113.7', '10.9.9.9'],
    ]) {
      const res = await session(app, { 'x-forwarded-for': lines });
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_REQUEST']);
    }
    const garbage = await session(app, { 'x-forwarded-for': 'not-an-address' });
    expect([garbage.statusCode, garbage.json().code]).toEqual([400, 'INVALID_REQUEST']);
  });

  it.each<[string, TrustProxySetting]>([
    ['two hops trusted', 2],
    ['both proxies listed', '127.0.0.1, 203.0.113.0/24'],
  ])('lets an allowed client through behind one more proxy (%s)', async (_name, trust) => {
    const app = await consoleBehind(trust, '10.9.9.9');
    const through = await session(app, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' });
    expect([through.statusCode, through.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    const spoofed = await session(app, {
      'x-forwarded-for': '10.9.9.9, 203.0.113.7, 198.51.100.4',
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it('believes no header from a peer that is not a listed proxy', async () => {
    const app = await consoleBehind('10.0.0.0/8', '10.9.9.9');
    const direct = await session(app, { 'x-forwarded-for': '10.9.9.9' });
    expect(direct.statusCode).toBe(404);
  });

  it('stops password spraying with a rotating spoofed address at the per-address limit', async () => {
    const app = await consoleBehind(1);
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/api${OpsPaths.signIn}`,
        headers: { 'x-forwarded-for': `10.0.${n}.${n}, 203.0.113.7` },
        payload: {
          email: `op${n}@ops.test`,
          password: 'a long operator password',
          totp_code: '123456',
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('the member API behind a proxy', () => {
  it('counts a rotating spoofed address as the one its proxy appended', async () => {
    const server = inMemoryServer({ config: { trustProxy: 1, rateLimitPerMinute: 3 } });
    const app = await buildApp(server.container, server.config, { distDir: '/nonexistent' });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-forwarded-for': `10.0.0.${n}, 203.0.113.7` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const lines = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-for': ['10.0.0.9', '198.51.100.4'] },
      });
      expect([lines.statusCode, lines.json().code]).toEqual([400, 'INVALID_REQUEST']);
    } finally {
      await app.close();
      await server.container.close();
    }
  });
});
