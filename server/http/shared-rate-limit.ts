import { createHash } from 'node:crypto';
import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Clock } from '../../src/contract/clock';
import { type Config } from '../config';
import { ApiError } from './errors';

/** The store options for @fastify/rate-limit (the app's own store, see below). */
export interface SharedRateLimitOptions {
  store: FastifyRateLimitStoreCtor;
  skipOnError: boolean;
}

/** Where the counters live in Redis; ioredis's `?keyPrefix=` in REDIS_URL goes in front of it. */
export const RATE_LIMIT_NAMESPACE = 'member-portal:rate-limit:';
/** The console's counters: the same addresses, budgets of their own. */
export const OPS_RATE_LIMIT_NAMESPACE = 'member-portal:ops-rate-limit:';

/** The most windows kept in memory at once, every budget together; past it the least recent goes. */
const MAX_WINDOWS = 100_000;

/** What a store's `incr` answers: the calls in the key's window, and the milliseconds it has left. */
type Counted = { current: number; ttl: number };
/** A store's `incr` without the plugin's callback: a key's call counted in a window of `windowMs`. */
type Count = (key: string, windowMs: number) => Counted | Promise<Counted>;

/** One key's window: its calls, and when it ends on the app's clock. */
interface Window {
  current: number;
  endsAt: number;
}

/**
 * The windows in memory, on the app's Clock (so that a test's FakeClock moves them), in one LRU
 * bounded by MAX_WINDOWS for every budget of the app. A window that has ended is replaced on its
 * key's next call, or dropped as the least recent once the LRU is full.
 */
function memoryCount(clock: Clock): Count {
  // By size, each window counting one, so that the storage grows with the windows instead of
  // being allocated whole at start (see GenerationCache).
  const windows = new LRUCache<string, Window>({
    maxSize: MAX_WINDOWS,
    sizeCalculation: () => 1,
  });
  return (key, windowMs) => {
    const now = clock.now();
    let window = windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  };
}

/**
 * One call counted in Redis, atomically: the key's counter goes up, and a new counter (or one
 * left without an expiry) gets the window's; the answer is the count and the milliseconds left.
 */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const COUNT_SCRIPT_SHA = createHash('sha1').update(COUNT_SCRIPT).digest('hex');

/**
 * Counted by COUNT_SCRIPT in Redis under `namespace`: by its digest (EVALSHA), and sent whole
 * only when the server does not hold it yet (after a restart or SCRIPT FLUSH).
 */
function redisCount(redis: Redis, namespace: string): Count {
  return async (key, windowMs) => {
    const args = [1, namespace + key, windowMs] as const;
    const answer = (await redis.evalsha(COUNT_SCRIPT_SHA, ...args).catch((error: unknown) => {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(COUNT_SCRIPT, ...args);
    })) as number[];
    return { current: Number(answer[0]), ttl: Number(answer[1]) };
  };
}

/**
 * @fastify/rate-limit's store through its public interface (`incr`, `child`). Every budget's key
 * says whose calls it counts, and a route's budget its route too (keyedByRoute), so that in
 * Redis one keyspace holds every budget. In memory a child also counts apart from its parent, as
 * the plugin's own stores do.
 */
function appStore(count: Count, shared: boolean): FastifyRateLimitStoreCtor {
  let children = 0;
  class View implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(...[key, callback, timeWindow]: Parameters<FastifyRateLimitStore['incr']>): void {
      let counted: Counted | Promise<Counted>;
      try {
        counted = count(this.prefix + key, timeWindow);
      } catch (error) {
        return callback(error as Error);
      }
      if (!(counted instanceof Promise)) return callback(null, counted);
      counted.then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      children += 1;
      return new View(shared ? this.prefix : `${this.prefix}#${children}:`);
    }
  }
  return class AppRateLimitStore extends View {
    constructor(_options: FastifyRateLimitOptions) {
      super('');
    }
  };
}

/** A route's budget key: the route, then whose calls (the plugin's own per-address key unless given). */
type KeyGenerator = (request: FastifyRequest) => string | number | Promise<string | number>;
const byAddress: KeyGenerator = (request) => normalizeIP(request.ip);

/**
 * Before @fastify/rate-limit sees a route with a budget of its own (`config.rateLimit`), its key
 * is made to start with the route (`METHOD url:`), so that routes never share a window, nor meet
 * the per-address budget's keys. Only the route's declared options are read; a config object
 * shared by several routes is copied, never changed.
 */
function keyedByRoute(route: RouteOptions): void {
  const limit = route.config?.rateLimit;
  if (typeof limit !== 'object' || limit === null) return;
  const name = `${String(route.method)} ${route.url}:`;
  const owner: KeyGenerator = limit.keyGenerator ?? byAddress;
  route.config = {
    ...route.config,
    rateLimit: { ...limit, keyGenerator: async (request) => name + String(await owner(request)) },
  };
}

/**
 * With REDIS_URL, every request budget (per address, per session, per member, per operator) is
 * counted in Redis, so N instances behind a proxy enforce one budget instead of N. Without it
 * each process counts in its own memory, which is right for one instance.
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
  if (config.redisUrl === undefined) {
    return { store: appStore(memoryCount(clock), false), skipOnError: false };
  }
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
  return { store: appStore(redisCount(redis, namespace), true), skipOnError: true };
}

/**
 * Both listeners' request budgets: `perAddressPerMinute` calls a minute per client address on
 * every route without a budget of its own, the routes' own budgets (`config.rateLimit`, counted
 * by route), and the budgets made with `app.createRateLimit`, all in the store above. A spent
 * budget answers 429 RATE_LIMITED with Retry-After.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  clock: Clock,
  budget: { perAddressPerMinute: number; namespace: string },
): Promise<void> {
  // Added before the plugin's own onRoute hook, so that it runs first.
  app.addHook('onRoute', keyedByRoute);
  await app.register(fastifyRateLimit, {
    global: true,
    max: budget.perAddressPerMinute,
    timeWindow: 60_000,
    ...sharedRateLimitStore(app, config, clock, budget.namespace),
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', undefined, {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}
