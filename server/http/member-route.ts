import { type FastifyInstance } from 'fastify';

/**
 * A signed-in member's route: limited to `perMinute` calls a minute per session
 * (session-budgets.ts, instead of the per-address budget), then authenticated. Spread into the
 * route's options beside its schema.
 */
export function memberRoute(app: FastifyInstance, perMinute: number) {
  return {
    preHandler: app.authenticate,
    config: { rateLimit: false, sessionBudget: perMinute } as const,
  };
}
