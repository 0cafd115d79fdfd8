import { OPS_REASON_MAX_LENGTH, OPS_REASON_MIN_LENGTH } from '../../src/contract/ops-rules';
import fastifyCookie from '@fastify/cookie';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../src/contract/ops-api';
import { can, type Permission } from '../../src/contract/ops-roles';
import { type OperatorSignedIn } from '../use-cases/ops/operator-auth.use-case';
import { type Actor } from '../use-cases/ops/actor';
import { type ServerContainer } from '../container';
import { ApiError } from '../http/errors';
import { changesState } from './origin-check';

/** The operator session's cookie: HttpOnly, SameSite=Strict, Secure behind https. */
export const SESSION_COOKIE = 'ops_session';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorSignedIn;
  }
}

/**
 * Who may call a console route: a signed-in operator (the cookie, never a bearer token) whose
 * role holds `permission`. Without a session: 401 AUTH_REQUIRED. A role without the permission
 * gets 404, as an unknown path does. Every call that changes something must carry the session's
 * CSRF token in its header (403): every POST, and the GETs that write (the exports, which are
 * audited), so neither a form nor an image tag on another page can make one.
 */
export function guard(container: ServerContainer, permission: Permission | null) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = request.cookies[SESSION_COOKIE];
    const signedIn = token ? await container.operatorAuth.authenticate(token) : null;
    if (signedIn === null) throw new ApiError('AUTH_REQUIRED');
    if (permission !== null && !can(signedIn.operator.role, permission)) {
      throw new ApiError('NOT_FOUND');
    }
    if (changesState(request)) {
      const header = request.headers[CSRF_HEADER];
      const csrf = typeof header === 'string' ? header : undefined;
      if (!container.operatorAuth.csrfMatches(signedIn.session, csrf)) {
        throw new ApiError('OPS_CSRF_REJECTED');
      }
    }
    request.operator = signedIn;
  };
}

/** The signed-in operator as the actor of an action, from this request's address. */
export function actorOf(request: FastifyRequest): Actor {
  const signedIn = request.operator;
  if (signedIn === undefined) throw new ApiError('AUTH_REQUIRED');
  const { id, name, role } = signedIn.operator;
  return { kind: 'operator', id, name, role, address: request.ip };
}

/**
 * A route's guard and its per-operator budget (after the guard, so counted by operator id), as
 * its preHandlers. The address budget is the app's global limit. The budget is a limiter of its
 * own (`createRateLimit`, with a store of its own per route): a route-level `rateLimit` handler
 * would be skipped, because the global limit has already run for the request.
 */
export function allowed(
  app: FastifyInstance,
  container: ServerContainer,
  permission: Permission | null,
  perMinute: number,
) {
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    // The route in the key: in Redis every route's budget shares one store (ops-http/app.ts).
    keyGenerator: (request) =>
      `operator:${request.method} ${request.routeOptions.url ?? ''}:${request.operator?.operator.id ?? request.ip}`,
  });
  const budget = async (request: FastifyRequest): Promise<void> => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new ApiError('RATE_LIMITED', undefined, {
        headers: { 'Retry-After': String(Math.max(1, limit.ttlInSeconds)) },
      });
    }
  };
  return [guard(container, permission), budget];
}

/** A reason field's schema: 3 to 500 characters (the contract's ops rules). */
export const REASON_SCHEMA = {
  type: 'string',
  minLength: OPS_REASON_MIN_LENGTH,
  maxLength: OPS_REASON_MAX_LENGTH,
} as const;

export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

/** Registers the cookie parser (signing is not needed: the cookie is a random token). */
export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
}
