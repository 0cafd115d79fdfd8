import { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Config } from '../config';

/** The Redis store's options for @fastify/rate-limit: none (memory) without REDIS_URL. */
export interface SharedRateLimitOptions {
  redis?: Redis;
  nameSpace?: string;
  skipOnError?: boolean;
}

/** Where the counters live in Redis; ioredis's `?keyPrefix=` in REDIS_URL goes in front of it. */
export const RATE_LIMIT_NAMESPACE = 'member-portal:rate-limit:';

/**
 * With REDIS_URL, the per-address request budgets (global and per route) are counted in Redis,
 * so N instances behind a proxy enforce one budget per address instead of N; the per-session
 * and per-member budgets (session-budgets.ts) use the same client. Without it each
 * process counts in its own memory, which is right for one instance.
 *
 * The client gives up quickly (a second to connect, half a second per command) and a Redis
 * outage lets requests through (`skipOnError`) rather than refusing every member: the limits
 * that guard credentials and SMS spending live in the database and still hold. The client is
 * closed with the app.
 */
export function sharedRateLimitStore(app: FastifyInstance, config: Config): SharedRateLimitOptions {
  if (config.redisUrl === undefined) return {};
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
  });
  // Without a listener ioredis prints every failed reconnect; say it once per outage instead.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err: error }, 'rate-limit store (Redis) unreachable; not counting requests');
  });
  redis.on('ready', () => {
    down = false;
  });
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') {
      await redis.quit().catch(() => redis.disconnect());
    } else {
      redis.disconnect();
    }
  });
  return { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true };
}
