import { type BudgetOwner, memberRateLimit } from './member-budgets';

/**
 * A signed-in member's route: limited to `perMinute` calls a minute (instead of the per-address
 * budget) by @fastify/rate-limit, counted per session or, with `per: 'member'`, over all of the
 * member's sessions and instances; then authenticated, both on arrival (member-budgets.ts).
 * Spread into the route's options beside its schema.
 */
export function memberRoute(perMinute: number, per: BudgetOwner = 'session') {
  const memberBudget = { perMinute, per };
  return { config: { rateLimit: memberRateLimit(memberBudget), memberBudget } };
}
