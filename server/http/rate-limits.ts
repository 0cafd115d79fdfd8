import { type FastifyRequest } from 'fastify';
import { type ServerContainer } from '../container';
import { hashSessionToken } from '../domain/session-policy';
import { bearerToken } from './auth';

/**
 * A per-minute budget keyed by session rather than client address, for the calls a logged-in
 * page repeats on a timer (session checks every 10 s, payment polls every 3 s): many members may
 * share one carrier-NAT address and must never throttle each other. Only a token the server
 * issued gets its own bucket; made-up tokens share their address's, or a flood of random ones
 * would never be throttled at all.
 */
export function perSessionRateLimit(container: ServerContainer, maxPerMinute: number) {
  return {
    max: maxPerMinute,
    timeWindow: 60_000,
    keyGenerator: async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token === undefined) return `ip:${request.ip}`;
      const tokenHash = hashSessionToken(token);
      const issued = (await container.sessions.findByTokenHash(tokenHash)) !== null;
      return issued ? `session:${tokenHash}` : `ip:${request.ip}`;
    },
  };
}
