/**
 * A signed-in member's route: limited to `perMinute` calls a minute per session (instead of the
 * per-address budget), then authenticated, both on arrival by one hook (session-budgets.ts).
 * Spread into the route's options beside its schema.
 */
export function memberRoute(perMinute: number) {
  return { config: { rateLimit: false, sessionBudget: perMinute } as const };
}
