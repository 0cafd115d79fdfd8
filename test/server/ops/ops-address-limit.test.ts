import { loadConfig } from '../../../server/config';
import { buildOpsApp } from '../../../server/ops-http/app';
import { OpsPaths } from '../../../src/contract/ops-api';
import { Redis } from 'ioredis';
import { inMemoryServer } from '../support/in-memory-server';
import { isolatedRedisUrl, redisForTests, TEST_REDIS_URL } from '../support/redis';

/**
 * The console's per-address limit: OPS_RATE_LIMIT_PER_MINUTE (600 unless set), never above
 * RATE_LIMIT_PER_MINUTE, counts every console request from one address.
 */
describe('the console: per-address limit', () => {
  it('reads OPS_RATE_LIMIT_PER_MINUTE, 600 unless set', () => {
    const base = { APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' };
    expect(loadConfig(base).ops.rateLimitPerMinute).toBe(600);
    expect(loadConfig({ ...base, OPS_RATE_LIMIT_PER_MINUTE: '5000' }).ops.rateLimitPerMinute).toBe(
      5000,
    );
  });

  it.each([
    ['OPS_RATE_LIMIT_PER_MINUTE', { rateLimitPerMinute: 1000 }, 3],
    ['RATE_LIMIT_PER_MINUTE, the lower', { rateLimitPerMinute: 2 }, 10],
  ])('refuses an address past %s, not another address', async (_name, member, opsLimit) => {
    const base = inMemoryServer().config;
    const server = inMemoryServer({
      config: { ...member, ops: { ...base.ops, rateLimitPerMinute: opsLimit } },
    });
    const app = await buildOpsApp(server.container, server.config, { distDir: '/nonexistent' });
    try {
      const limit = Math.min(member.rateLimitPerMinute, opsLimit);
      const ask = (remoteAddress: string) =>
        app.inject({ method: 'GET', url: `/api${OpsPaths.session}`, remoteAddress });
      for (let i = 0; i < limit; i += 1) {
        expect((await ask('10.0.0.1')).statusCode).toBe(401);
      }
      const refused = await ask('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await ask('10.0.0.2')).statusCode).toBe(401);
    } finally {
      await app.close();
      await server.container.close();
    }
  });
});

(redisForTests() ? describe : describe.skip)(
  `the console's sign-in limit over two instances, through Redis (${TEST_REDIS_URL})`,
  () => {
    it('counts one budget of 10 a minute per address for both instances', async () => {
      const { url, prefix } = isolatedRedisUrl();
      const servers = [0, 1].map(() => inMemoryServer({ config: { redisUrl: url } }));
      const apps = await Promise.all(
        servers.map((server) =>
          buildOpsApp(server.container, server.config, { distDir: '/nonexistent' }),
        ),
      );
      const admin = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        await Promise.all(apps.map((app) => app.ready()));
        const statuses: number[] = [];
        for (let n = 0; n < 12; n += 1) {
          const res = await apps[n % 2].inject({
            method: 'POST',
            url: `/api${OpsPaths.signIn}`,
            remoteAddress: '198.51.100.7',
            payload: {
              email: `op${n}@ops.test`,
              password: 'a long operator password',
              totp_code: '123456',
            },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
      } finally {
        for (const app of apps) await app.close();
        for (const server of servers) await server.container.close();
        const keys = await admin.keys(`${prefix}*`);
        if (keys.length > 0) await admin.del(...keys);
        await admin.quit();
      }
    });
  },
);
