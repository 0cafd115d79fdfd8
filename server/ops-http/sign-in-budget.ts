import { type FastifyRequest } from 'fastify';
import { type ServerContainer } from '../container';
import { ApiError } from '../http/errors';

/** Sign-in and enrolment calls: 10 a minute per address on each route, on top of the throttle. */
export const SIGN_IN_PER_ADDRESS = { max: 10, windowMs: 60_000 } as const;

/** The database throttle's key of one route's calls from one address (never an account's). */
export const signInAddressKey = (route: string, address: string) =>
  `ops-address:${route}:${address}`;

/**
 * The options of a sign-in or enrolment route: its per-address budget counted once for every
 * instance. With REDIS_URL the app's rate-limit store counts it in Redis; without, each instance
 * would count in its own memory, so the budget is also claimed in the database (the login
 * throttle's store: serialised per key across processes, purged with the failed logins).
 */
export function signInBudget(container: ServerContainer) {
  const rateLimit = { max: SIGN_IN_PER_ADDRESS.max, timeWindow: SIGN_IN_PER_ADDRESS.windowMs };
  if (container.config.redisUrl !== undefined) return { config: { rateLimit } };
  const claim = async (request: FastifyRequest): Promise<void> => {
    const now = new Date(container.clock.now());
    const since = new Date(now.getTime() - SIGN_IN_PER_ADDRESS.windowMs);
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const claimed = await container.loginFailures.claimAttempt(
      { id: container.random.uuid(), accountKey: signInAddressKey(route, request.ip), at: now },
      since,
      SIGN_IN_PER_ADDRESS.max,
    );
    if (claimed.claimed) return;
    const oldest = claimed.failures[claimed.failures.length - SIGN_IN_PER_ADDRESS.max] ?? now;
    const retryAfterMs = oldest.getTime() + SIGN_IN_PER_ADDRESS.windowMs - now.getTime();
    throw new ApiError('RATE_LIMITED', undefined, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    });
  };
  return { config: { rateLimit }, preHandler: claim };
}
