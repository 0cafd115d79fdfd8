import { loadConfig } from '../../../server/config';
import { buildOpsApp } from '../../../server/ops-http/app';
import { OpsPaths } from '../../../src/contract/ops-api';
import { inMemoryServer } from '../support/in-memory-server';

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
