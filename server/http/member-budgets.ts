import {
  type FastifyInstance,
  type FastifyRequest,
  type onRequestHookHandler,
  type RouteOptions,
} from 'fastify';
import { type ServerContainer } from '../container';
import { type Authentication } from '../use-cases/authenticate-session.use-case';
import { admitMember, authenticationOf } from './auth';

/** Whose calls a route's budget counts: each session's apart, or all of a member's together. */
export type BudgetOwner = 'session' | 'member';

/** A member route's budget: calls a minute per session, or per member across its sessions. */
export interface MemberBudget {
  perMinute: number;
  per: BudgetOwner;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's budget, counted by @fastify/rate-limit (memberRoute sets both). */
    memberBudget?: MemberBudget;
  }
  interface FastifyRequest {
    /** A member route's session lookup, made once on arrival for its budget and its gate. */
    memberAuthentication?: Authentication;
  }
}

/** Each budget is counted over a fixed minute from an owner's first call. */
export const BUDGET_WINDOW_MS = 60_000;

/**
 * Whose budget a call spends: its live session's, or its member's; a made-up, revoked or expired
 * token (or none) its address's, or a flood of random tokens would never be throttled.
 */
function ownerKey(per: BudgetOwner) {
  return (request: FastifyRequest): string => {
    const authentication = request.memberAuthentication;
    if (authentication?.ok !== true) return `ip:${request.ip}`;
    return per === 'member' ? `member:${authentication.value.id}` : authentication.value.sessionId;
  };
}
const BY_SESSION = ownerKey('session');
const BY_MEMBER = ownerKey('member');

/** The plugin's headers on a member route: Retry-After on a 429 only, as before the plugin. */
const NO_RATE_HEADERS = {
  'x-ratelimit-limit': false,
  'x-ratelimit-remaining': false,
  'x-ratelimit-reset': false,
};

/**
 * A member route's `config.rateLimit` for @fastify/rate-limit: `perMinute` calls a minute, keyed
 * by session or member (after the route, which shared-rate-limit.ts puts in front of every route
 * budget's key). The plugin counts on arrival (its onRequest hook), in the store that
 * shared-rate-limit.ts gives it (Redis with REDIS_URL), and a spent budget answers the app's
 * 429 RATE_LIMITED with Retry-After. These routes leave the per-address budget out.
 */
export function memberRateLimit({ perMinute, per }: MemberBudget) {
  return {
    max: perMinute,
    timeWindow: BUDGET_WINDOW_MS,
    keyGenerator: per === 'member' ? BY_MEMBER : BY_SESSION,
    // Read by the plugin from the merged route options; its types list them on the plugin only.
    addHeadersOnExceeding: NO_RATE_HEADERS,
    addHeaders: { ...NO_RATE_HEADERS, 'retry-after': true },
  };
}

/**
 * The gate of a signed-in member's route (one whose config names a `memberBudget`, set by
 * memberRoute), on arrival (onRequest), before the body is read:
 *
 * 1. The session lookup, once: its answer keys the route's budget (above) and admits the member.
 * 2. The route's budget, @fastify/rate-limit's own hook, which it added to the route already.
 * 3. The member: `request.member` is set for a live session, and anything else answers 401
 *    (AUTH_REQUIRED without a token, AUTH_SESSION_ENDED for one that opens no live session), as
 *    `app.authenticate` does for the other signed-in routes.
 *
 * Registered after @fastify/rate-limit, so that its hook is already in the route's list.
 */
export function registerMemberGate(app: FastifyInstance, container: ServerContainer): void {
  app.decorateRequest('memberAuthentication', undefined);
  const lookUp: onRequestHookHandler = (request, _reply, done) => {
    const authentication = authenticationOf(request, container);
    if (!(authentication instanceof Promise)) {
      request.memberAuthentication = authentication;
      return done();
    }
    authentication.then((result) => {
      request.memberAuthentication = result;
      done();
    }, done);
  };
  const admit: onRequestHookHandler = (request, _reply, done) =>
    admitMember(request, request.memberAuthentication, done);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.memberBudget === undefined) return;
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [lookUp, ...existing, admit];
  });
}
