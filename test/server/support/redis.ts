import { probeSync } from '../../../scripts/support/databases';

/** The Redis server the shared rate-limit tests use (the one on this machine by default). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let reachable: boolean | undefined;

/** Whether Redis answers PING. */
function redisReachable(): boolean {
  reachable ??= probeSync(
    `
    const { Redis } = require('ioredis');
    const r = new Redis(process.argv[1], { connectTimeout: 2000, maxRetriesPerRequest: 0, lazyConnect: true });
    r.on('error', () => undefined);
    r.connect().then(() => r.ping()).then(() => r.quit()).then(
      () => process.exit(0),
      () => process.exit(1),
    );`,
    TEST_REDIS_URL,
  );
  return reachable;
}

/**
 * Whether the Redis suites run, in eachDatabase's style: without Redis the run fails when CI or
 * REQUIRE_REDIS is set, else it warns loudly and the Redis suites are left out.
 */
export function redisForTests(): boolean {
  if (redisReachable()) return true;
  if (process.env.CI || process.env.REQUIRE_REDIS) {
    throw new Error(
      `Redis is required (CI/REQUIRE_REDIS set) but ${TEST_REDIS_URL} is unreachable`,
    );
  }
  console.warn(
    `\n**********************************************************************\n` +
      `*  WARNING: Redis at ${TEST_REDIS_URL} is unreachable.\n` +
      `*  The shared rate-limit tests do NOT run. Set REQUIRE_REDIS=1 to make this fail.\n` +
      `**********************************************************************\n`,
  );
  return false;
}

/**
 * REDIS_URL for one test: its keys carry a prefix of their own (ioredis's keyPrefix option, read
 * from the URL), so parallel runs never share counters and cleaning up touches only its keys.
 */
export function isolatedRedisUrl(): { url: string; prefix: string } {
  const prefix = `test-${process.pid}-${Math.random().toString(36).slice(2, 10)}:`;
  const url = new URL(TEST_REDIS_URL);
  url.searchParams.set('keyPrefix', prefix);
  return { url: url.toString(), prefix };
}
