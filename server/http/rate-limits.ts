import { type FastifyRequest } from 'fastify';
import { type ServerContainer } from '../container';
import { authenticationOf } from './auth';

/**
 * A per-minute budget keyed by session rather than client address, for the calls a logged-in
 * page repeats on a timer (session checks every 10 s, payment polls every 3 s): many members may
 * share one carrier-NAT address and must never throttle each other. Only a live session gets its
 * own bucket; made-up, revoked or expired tokens share their address's, or a flood of random ones
 * would never be throttled at all. The session lookup is the one `app.authenticate` then reuses.
 */
export function perSessionRateLimit(container: ServerContainer, maxPerMinute: number) {
  return {
    max: maxPerMinute,
    timeWindow: 60_000,
    keyGenerator: async (request: FastifyRequest) => {
      const result = await authenticationOf(request, container);
      return result?.ok ? `session:${result.value.sessionId}` : `ip:${request.ip}`;
    },
  };
}
