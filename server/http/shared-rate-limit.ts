import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';
import { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Clock } from '../../src/contract/clock';
import { type Config } from '../config';

/** The store options for @fastify/rate-limit (the app's own store, see below). */
export interface SharedRateLimitOptions {
  store: FastifyRateLimitStoreCtor;
  skipOnError: boolean;
}

/** Where the counters live in Redis; ioredis's `?keyPrefix=` in REDIS_URL goes in front of it. */
export const RATE_LIMIT_NAMESPACE = 'member-portal:rate-limit:';
/** The console's counters: the same addresses, budgets of their own. */
export const OPS_RATE_LIMIT_NAMESPACE = 'member-portal:ops-rate-limit:';

/** The most member-route windows kept in memory at once; past it the least recent is dropped. */
const MAX_MEMBER_WINDOWS = 100_000;

/** What the plugin passes to `child`: the route's merged options and the route itself. */
interface RouteLimit {
  routeInfo?: { method?: unknown; url?: string; config?: { memberBudget?: unknown } };
}

/** One owner's window on a member route: its calls, and when it ends on the app's clock. */
interface Window {
  current: number;
  endsAt: number;
}

/**
 * The member routes' windows in memory, on the app's Clock (so that a test's FakeClock moves
 * them; the plugin's own LocalStore reads Date.now()), one LRU for every member route.
 */
function memberWindows(clock: Clock) {
  const windows = new LRUCache<string, Window>({
    // By size, each window counting one, so that the storage grows with the windows instead of
    // being allocated whole at start (see GenerationCache).
    maxSize: MAX_MEMBER_WINDOWS,
    sizeCalculation: () => 1,
    ttl: 60_000,
    // Every read asks the clock (no timer caching its time): a FakeClock's moves count at once.
    ttlResolution: 0,
    perf: { now: () => clock.now() },
  });
  return (route: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const now = clock.now();
      let window = windows.get(route + key);
      if (window === undefined || window.endsAt <= now) {
        window = { current: 0, endsAt: now + timeWindow };
        windows.set(route + key, window, { ttl: timeWindow });
      }
      window.current += 1;
      callback(null, { current: window.current, ttl: window.endsAt - now });
    },
    child() {
      throw new Error('a member route’s store has no children');
    },
  });
}

/**
 * @fastify/rate-limit's store for the app: its own LocalStore (or RedisStore) for the
 * per-address budgets, as the plugin would choose; for a member route (memberRoute), windows
 * under `METHOD url:` and the owner, in Redis with `redis`, else in memory on `clock`.
 */
function appStore(
  clock: Clock,
  redis: Redis | undefined,
  namespace: string,
): FastifyRateLimitStoreCtor {
  const memory = redis === undefined ? memberWindows(clock) : undefined;
  return class AppRateLimitStore implements FastifyRateLimitStore {
    private readonly perAddress: FastifyRateLimitStore =
      redis === undefined
        ? new LocalStore(false, false)
        : new RedisStore(false, false, redis, namespace);

    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      this.perAddress.incr(...args);
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as RouteLimit).routeInfo;
      if (route?.config?.memberBudget === undefined) return this.perAddress.child(options);
      const name = `${String(route.method)} ${route.url ?? ''}:`;
      return memory?.(name) ?? new RedisStore(false, false, redis as Redis, namespace + name);
    }
  };
}

/**
 * With REDIS_URL, every request budget (per address, per session, per member) is counted in
 * Redis, so N instances behind a proxy enforce one budget instead of N. Without it each process
 * counts in its own memory, which is right for one instance.
 *
 * The client gives up quickly (a second to connect, half a second per command) and a Redis
 * outage lets requests through (`skipOnError`) rather than refusing every member: the limits
 * that guard credentials and SMS spending live in the database and still hold. The client is
 * closed with the app. The console's app passes a namespace of its own (OPS_RATE_LIMIT_NAMESPACE).
 */
export function sharedRateLimitStore(
  app: FastifyInstance,
  config: Config,
  clock: Clock,
  namespace = RATE_LIMIT_NAMESPACE,
): SharedRateLimitOptions {
  if (config.redisUrl === undefined)
    return { store: appStore(clock, undefined, namespace), skipOnError: false };
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
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
  // Counting starts with the first request: the app is ready once the connection is made or has
  // failed (within the connect timeout), not while it is still being made. A failed one is
  // retried by the client as usual.
  app.addHook('onReady', () => redis.connect().catch(() => undefined));
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') {
      await redis.quit().catch(() => redis.disconnect());
    } else {
      redis.disconnect();
    }
  });
  return { store: appStore(clock, redis, namespace), skipOnError: true };
}
