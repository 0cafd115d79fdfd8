import { type FastifyInstance, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import { type Redis } from 'ioredis';
import { type ServerContainer } from '../container';
import { type Authentication } from '../use-cases/authenticate-session.use-case';
import { admitMember, authenticationOf } from './auth';
import { ApiError } from './errors';

/** Whose calls a route's budget counts: each session's apart, or all of a member's together. */
export type BudgetOwner = 'session' | 'member';

/** A member route's budget: calls a minute per session, or per member across its sessions. */
export interface MemberBudget {
  perMinute: number;
  per: BudgetOwner;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's budget (registerSessionBudgets); set by memberRoute. */
    memberBudget?: MemberBudget;
  }
}

/** Each budget is counted over a fixed minute from an owner's first call. */
export const BUDGET_WINDOW_MS = 60_000;

/** How far an owner has spent its budget: the calls in its window, and when the window ends. */
export interface Spent {
  count: number;
  resetInMs: number;
}

/**
 * Where one route's budgets are counted, by owner (a session id, `member:` and a member id, or
 * `ip:` and an address). In memory the answer is synchronous, so the hot path (a session check, a payment
 * poll) waits for nothing; through Redis it is a promise, and undefined when Redis failed (the
 * call goes through, as with the per-address budget).
 */
export interface BudgetCounter {
  take(owner: string, now: number): Spent | Promise<Spent | undefined>;
}

/** A route's counter, by its method and pattern. */
export type BudgetCounters = (route: string) => BudgetCounter;

/** The most owners kept in memory; past it the oldest window is dropped (it starts afresh). */
const MAX_MEMORY_KEYS = 500_000;

/** One process's counts for one route: a window per owner, dropped once it has ended. */
export class MemoryBudgetCounter implements BudgetCounter {
  private readonly windows = new Map<string, Spent & { endsAt: number }>();
  private sweptAt = 0;

  constructor(private readonly maxKeys = MAX_MEMORY_KEYS) {}

  take(owner: string, now: number): Spent {
    if (now - this.sweptAt >= BUDGET_WINDOW_MS) this.sweep(now);
    let window = this.windows.get(owner);
    if (window === undefined || window.endsAt <= now) {
      if (window !== undefined) this.windows.delete(owner);
      else if (this.windows.size >= this.maxKeys) this.dropOldest();
      window = { count: 0, resetInMs: 0, endsAt: now + BUDGET_WINDOW_MS };
      this.windows.set(owner, window);
    }
    window.count += 1;
    window.resetInMs = window.endsAt - now;
    return window;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  /** Owners are (re)inserted when their window opens, so the first is the oldest window. */
  private dropOldest(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}

/** INCR, with the window's expiry set by the call that opens it; answers [count, ms left]. */
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type WithTake = Redis & { budgetTake(key: string, windowMs: number): Promise<[number, number]> };

/** One route's counts, shared by every instance on one Redis (REDIS_URL), under `namespace`. */
export class RedisBudgetCounter implements BudgetCounter {
  private readonly redis: WithTake;

  constructor(
    redis: Redis,
    private readonly namespace: string,
  ) {
    if (!('budgetTake' in redis))
      redis.defineCommand('budgetTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    this.redis = redis as WithTake;
  }

  async take(owner: string): Promise<Spent | undefined> {
    try {
      const [count, resetInMs] = await this.redis.budgetTake(
        this.namespace + owner,
        BUDGET_WINDOW_MS,
      );
      return { count, resetInMs };
    } catch {
      return undefined;
    }
  }
}

/**
 * The gate of a signed-in member's route (one whose config names a `memberBudget`, set by
 * memberRoute), in one hook on arrival (onRequest), before the body is read:
 *
 * 1. The per-minute budget, keyed by who is signed in rather than by client address, since many
 *    members may share one carrier-NAT address and must never throttle each other. The calls a
 *    logged-in page repeats on a timer (session checks, status polls) count per session; the
 *    costly ones (a receipt PDF, the data download, adding a passkey, the account deletion)
 *    count per member, over all of the member's sessions, so opening more sessions buys no more
 *    calls. Only a live session gets its own count; made-up, revoked or expired tokens share
 *    their address's, or a flood of random ones would never be throttled. Each route counts
 *    apart. A spent budget answers 429 RATE_LIMITED with Retry-After. These routes leave the
 *    per-address budget out.
 * 2. The member, from the same session lookup: `request.member` is set for a live session, and
 *    anything else answers 401 (AUTH_REQUIRED without a token, AUTH_SESSION_ENDED for one that
 *    opens no live session), as `app.authenticate` does for the other signed-in routes.
 *
 * A session held in memory is looked up, counted and admitted without a promise.
 */
export function registerSessionBudgets(
  app: FastifyInstance,
  container: ServerContainer,
  counters: BudgetCounters,
): void {
  app.addHook('onRoute', (route) => {
    const budget = route.config?.memberBudget;
    if (budget === undefined) return;
    const hook = memberGate(container, counters(`${String(route.method)} ${route.url}`), budget);
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [hook] : [hook, ...[existing].flat()];
  });
}

function memberGate(
  container: ServerContainer,
  counter: BudgetCounter,
  { perMinute: max, per }: MemberBudget,
): onRequestHookHandler {
  const ownerOf = (request: FastifyRequest, result: Authentication | undefined): string => {
    if (result?.ok !== true) return `ip:${request.ip}`;
    return per === 'member' ? `member:${result.value.id}` : result.value.sessionId;
  };
  return (request, _reply, done) => {
    const authentication = authenticationOf(request, container);
    // After the count: the member, or why there is none.
    const admit = (spent: Spent | undefined, result: Authentication | undefined): void => {
      if (spent === undefined || spent.count <= max) return admitMember(request, result, done);
      const retryAfter = String(Math.max(1, Math.ceil(spent.resetInMs / 1000)));
      done(new ApiError('RATE_LIMITED', undefined, { headers: { 'Retry-After': retryAfter } }));
    };
    const spend = (result: Authentication | undefined): void => {
      const spent = counter.take(ownerOf(request, result), container.clock.now());
      if (spent instanceof Promise) spent.then((counted) => admit(counted, result), done);
      else admit(spent, result);
    };
    if (authentication instanceof Promise) authentication.then(spend, done);
    else spend(authentication);
  };
}
