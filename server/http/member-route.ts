import { type FastifyInstance } from 'fastify';
import { type ServerContainer } from '../container';
import { perSessionRateLimit } from './rate-limits';

/**
 * A signed-in member's route: authenticated first, then limited to `perMinute` calls a minute
 * per session. Spread into the route's options beside its schema.
 */
export function memberRoute(app: FastifyInstance, container: ServerContainer, perMinute: number) {
  return {
    preHandler: app.authenticate,
    config: { rateLimit: perSessionRateLimit(container, perMinute) },
  };
}
