import { type BudgetOwner } from './session-budgets';

/**
 * A signed-in member's route: limited to `perMinute` calls a minute (instead of the per-address
 * budget), counted per session or, with `per: 'member'`, over all of the member's sessions and
 * instances; then authenticated, both on arrival by one hook (session-budgets.ts). Spread into
 * the route's options beside its schema.
 */
export function memberRoute(perMinute: number, per: BudgetOwner = 'session') {
  return { config: { rateLimit: false, memberBudget: { perMinute, per } } as const };
}
