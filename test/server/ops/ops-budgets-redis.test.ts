import { Redis } from 'ioredis';
import { buildOpsApp } from '../../../server/ops-http/app';
import { OPS_RATE_LIMIT_NAMESPACE } from '../../../server/http/shared-rate-limit';
import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { inMemoryServer, type InMemoryServer } from '../support/in-memory-server';
import { isolatedRedisUrl, redisForTests, TEST_REDIS_URL } from '../support/redis';
import { get, type OpsHarness, operatorSignedIn } from './ops-support';

/**
 * With REDIS_URL, a console route's per-operator budget is one budget for every instance: an
 * operator whose calls are spread over two instances gets the route's 30 a minute in all. The two
 * instances are two console apps over one in-memory container, each with its own Redis client.
 */
(redisForTests() ? describe : describe.skip)(
  `the console's per-operator budgets over two instances, through Redis (${TEST_REDIS_URL})`,
  () => {
    const isolated = isolatedRedisUrl();
    let server: InMemoryServer;
    let opsA: OpsHarness;
    let opsB: OpsHarness;
    let admin: Redis;
    beforeAll(async () => {
      server = inMemoryServer({ config: { redisUrl: isolated.url } });
      const instance = async (): Promise<OpsHarness> => {
        const app = await buildOpsApp(server.container, server.config, {
          distDir: '/nonexistent',
        });
        await app.ready();
        return { server, app, close: () => app.close() };
      };
      [opsA, opsB] = [await instance(), await instance()];
      admin = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    });
    afterAll(async () => {
      await opsB?.close();
      await opsA?.close();
      await server?.container.close();
      const keys = await admin.keys(`${isolated.prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    });

    it('answers the 31st report summary of a minute with 429, on whichever instance', async () => {
      const finance = await operatorSignedIn(opsA, 'finance');
      const summary = `${OpsPaymentPaths.reportSummary}?from=2026-03-01&to=2026-03-02`;
      const statuses: number[] = [];
      for (let n = 0; n < 32; n += 1) {
        statuses.push((await get(n % 2 === 0 ? opsA : opsB, summary, finance)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(30).fill(200), 429, 429]);
      // Counted under the console's namespace, by the route and the operator.
      const keys = await admin.keys(`${isolated.prefix}${OPS_RATE_LIMIT_NAMESPACE}*${finance.id}`);
      expect(keys).toHaveLength(1);
    });
  },
);
