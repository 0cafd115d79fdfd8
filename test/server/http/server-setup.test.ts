import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FastifyRateLimitStore } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../../server/http/app';
import {
  OPS_RATE_LIMIT_NAMESPACE,
  sharedRateLimitStore,
} from '../../../server/http/shared-rate-limit';
import { buildOpsApp } from '../../../server/ops-http/app';
import { ApiPaths } from '../../../src/contract/api';
import { OpsPaths } from '../../../src/contract/ops-api';
import { FakeClock } from '../../fakes/fake-clock';
import { inMemoryServer, type InMemoryServer } from '../support/in-memory-server';
import { isolatedRedisUrl, redisForTests, TEST_REDIS_URL } from '../support/redis';

/** Both listeners of one in-memory server, without the built SPAs. */
async function bothListeners(server: InMemoryServer) {
  const member = await buildApp(server.container, server.config, { distDir: '/nonexistent' });
  const console = await buildOpsApp(server.container, server.config, { distDir: '/nonexistent' });
  return { member, console };
}

const HEADERS_OF_EVERY_API_ANSWER = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'cache-control',
];

describe('one server setup for the member and console listeners', () => {
  let server: InMemoryServer;
  let apps: { member: FastifyInstance; console: FastifyInstance };
  beforeEach(async () => {
    server = inMemoryServer();
    apps = await bothListeners(server);
  });
  afterEach(async () => {
    await apps.console.close();
    await apps.member.close();
    await server.container.close();
  });

  it('gives the console’s API answers the member API’s security headers, no-store included', async () => {
    const member = await apps.member.inject({ method: 'GET', url: '/api/no-such-route' });
    const consoleAnswer = await apps.console.inject({
      method: 'GET',
      url: `/api${OpsPaths.session}`,
    });
    expect(consoleAnswer.statusCode).toBe(401);
    for (const name of HEADERS_OF_EVERY_API_ANSWER) {
      expect([name, consoleAnswer.headers[name]]).toEqual([name, member.headers[name]]);
    }
    expect(consoleAnswer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(consoleAnswer.headers['cache-control']).toBe('no-store');
  });

  it('puts HSTS on the console’s API answers by the console’s own address, not the member app’s', async () => {
    const base = inMemoryServer().config;
    const hsts = async (publicUrl: string, opsPublicUrl: string) => {
      const config = { ...base, publicUrl, ops: { ...base.ops, publicUrl: opsPublicUrl } };
      const app = await buildOpsApp(server.container, config, { distDir: '/nonexistent' });
      try {
        const res = await app.inject({ method: 'GET', url: `/api${OpsPaths.session}` });
        return res.headers['strict-transport-security'];
      } finally {
        await app.close();
      }
    };
    expect(await hsts('https://portal.example.my', 'http://127.0.0.1:8081')).toBeUndefined();
    expect(await hsts('http://127.0.0.1:8080', 'https://console.example.my')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('answers a body of an unsupported type, or one too large, by its own code on both', async () => {
    for (const [app, url] of [
      [apps.member, `/api${ApiPaths.login}`],
      [apps.console, `/api${OpsPaths.signIn}`],
    ] as const) {
      const typed = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/xml' },
        payload: '<hello/>',
      });
      expect([typed.statusCode, typed.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const large = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a'.repeat(20_000) }),
      });
      expect([large.statusCode, large.json().code]).toEqual([413, 'BODY_TOO_LARGE']);
    }
  });

  it('holds the console to the member side’s socket timeouts, body limit and connection cap', () => {
    const limits = server.config.connections;
    for (const app of [apps.member, apps.console]) {
      expect(app.initialConfig).toMatchObject({
        requestTimeout: limits.requestTimeoutMs,
        connectionTimeout: limits.connectionTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        bodyLimit: 16 * 1024,
      });
      expect(app.server.maxConnections).toBe(limits.maxConnections);
    }
  });

  it('answers an API path with an overlong segment 414 on the console too', async () => {
    const res = await apps.console.inject({
      method: 'GET',
      url: `/api/no-such/${'x'.repeat(150)}`,
    });
    expect([res.statusCode, res.json().code]).toEqual([414, 'URL_TOO_LONG']);
  });
});

describe('the request budgets (shared-rate-limit.ts)', () => {
  it('counts the per-address budget on the app’s clock: a minute later the address is let in', async () => {
    const base = inMemoryServer().config;
    const server = inMemoryServer({ config: { ops: { ...base.ops, rateLimitPerMinute: 2 } } });
    const app = await buildOpsApp(server.container, server.config, { distDir: '/nonexistent' });
    try {
      const ask = () => app.inject({ method: 'GET', url: `/api${OpsPaths.session}` });
      expect([(await ask()).statusCode, (await ask()).statusCode]).toEqual([401, 401]);
      const refused = await ask();
      expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '60']);
      await server.clock.advance(30_000);
      expect((await ask()).headers['retry-after']).toBe('30');
      await server.clock.advance(30_000);
      expect((await ask()).statusCode).toBe(401);
    } finally {
      await app.close();
      await server.container.close();
    }
  });

  it('keeps a route’s own per-address budget apart from the per-address budget of the others', async () => {
    const server = inMemoryServer({ config: { rateLimitPerMinute: 2 } });
    const app = await buildApp(server.container, server.config, { distDir: '/nonexistent' });
    try {
      const health = () => app.inject({ method: 'GET', url: '/api/health' });
      await health();
      await health();
      expect((await health()).statusCode).toBe(429);
      // The passkey sign-in's options have a budget of their own (30 a minute per address).
      const options = () =>
        app.inject({ method: 'POST', url: `/api${ApiPaths.passkeyLoginOptions}`, payload: {} });
      for (let n = 0; n < 3; n += 1) expect((await options()).statusCode).not.toBe(429);
    } finally {
      await app.close();
      await server.container.close();
    }
  });

  it('uses @fastify/rate-limit through its package entry only, never its files', () => {
    const serverDir = path.join(__dirname, '../../../server');
    const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    );
    const deep = files.filter((name) =>
      /['"]@fastify\/rate-limit\//.test(readFileSync(path.join(serverDir, name), 'utf8')),
    );
    expect(deep).toEqual([]);
  });
});

(redisForTests() ? describe : describe.skip)(
  `the request budgets in Redis (${TEST_REDIS_URL})`,
  () => {
    const { url, prefix } = isolatedRedisUrl();
    const config = { ...inMemoryServer().config, redisUrl: url };
    const apps: FastifyInstance[] = [];
    // Connected when this suite starts, not while the suites above keep the event loop busy.
    let admin: Redis;
    beforeAll(() => {
      admin = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    });

    /** An instance's store, connected, as the plugin builds it; `count` takes one call. */
    async function instanceStore(namespace?: string) {
      const app = Fastify();
      apps.push(app);
      const { store: Store } = sharedRateLimitStore(app, config, new FakeClock(), namespace);
      await app.ready();
      const store = new Store({});
      const count = (on: FastifyRateLimitStore, key: string) =>
        new Promise<{ current: number; ttl: number } | undefined>((resolve, reject) =>
          on.incr(key, (error, result) => (error ? reject(error) : resolve(result)), 60_000, 10),
        );
      return { store, count };
    }

    it('counts one window for every instance, its children included, in its namespace only', async () => {
      const one = await instanceStore(OPS_RATE_LIMIT_NAMESPACE);
      const two = await instanceStore(OPS_RATE_LIMIT_NAMESPACE);
      const member = await instanceStore();
      expect(await one.count(one.store, 'operator:GET /api/x:1')).toMatchObject({ current: 1 });
      const child = two.store.child({} as Parameters<FastifyRateLimitStore['child']>[0]);
      const second = await two.count(child, 'operator:GET /api/x:1');
      expect(second?.current).toBe(2);
      expect(second?.ttl).toBeGreaterThan(55_000);
      expect(second?.ttl).toBeLessThanOrEqual(60_000);
      expect(await member.count(member.store, 'operator:GET /api/x:1')).toMatchObject({
        current: 1,
      });
      expect(await admin.keys(`${prefix}${OPS_RATE_LIMIT_NAMESPACE}*`)).toEqual([
        `${prefix}${OPS_RATE_LIMIT_NAMESPACE}operator:GET /api/x:1`,
      ]);
    });

    it('sends its script again when Redis no longer holds it', async () => {
      const one = await instanceStore();
      expect(await one.count(one.store, '192.0.2.1')).toMatchObject({ current: 1 });
      await admin.script('FLUSH');
      expect(await one.count(one.store, '192.0.2.1')).toMatchObject({ current: 2 });
    });
  },
);
