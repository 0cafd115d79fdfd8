import {
  type FastifyInstance,
  type FastifyRequest,
  type HookHandlerDoneFunction,
  type preHandlerHookHandler,
} from 'fastify';
import { type ServerContainer } from '../container';
import { type Authentication } from '../use-cases/authenticate-session.use-case';
import { ApiError, toApiError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preHandlerHookHandler;
  }
  interface FastifyRequest {
    member?: { id: string; sessionId: string };
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([A-Za-z0-9_-]{16,256})$/.exec(header);
  return match?.[1];
}

/**
 * The request's bearer token resolved to a live session: the answer itself when the session is
 * held in memory, else its promise; undefined without a token.
 */
export function authenticationOf(
  request: FastifyRequest,
  container: ServerContainer,
): Authentication | Promise<Authentication> | undefined {
  const token = bearerToken(request);
  return token === undefined ? undefined : container.authenticateSession.execute({ token });
}

/**
 * Sets `request.member` from a live session's authentication, or fails with 401: AUTH_REQUIRED
 * without a token (undefined), AUTH_SESSION_ENDED for one that opens no live session. Shared by
 * `app.authenticate` and the member routes' gate (member-budgets.ts).
 */
export function admitMember(
  request: FastifyRequest,
  authentication: Authentication | undefined,
  done: HookHandlerDoneFunction,
): void {
  if (authentication === undefined) return done(new ApiError('AUTH_REQUIRED'));
  if (!authentication.ok) return done(toApiError(authentication.error));
  request.member = authentication.value;
  done();
}

/**
 * `app.authenticate`: a preHandler that resolves `Authorization: Bearer <token>` to a live
 * session and sets `request.member`, or answers 401 (AUTH_REQUIRED without a token,
 * AUTH_SESSION_ENDED for one that opens no live session).
 */
export function registerAuthentication(app: FastifyInstance, container: ServerContainer): void {
  app.decorateRequest('member', undefined);
  // A callback hook, not an async one: a session held in memory is admitted without a promise.
  const authenticate: preHandlerHookHandler = (request, _reply, done) => {
    const authentication = authenticationOf(request, container);
    if (authentication instanceof Promise)
      authentication.then((result) => admitMember(request, result, done), done);
    else admitMember(request, authentication, done);
  };
  app.decorate('authenticate', authenticate);
}

/** For handlers behind `app.authenticate`: the member, which the preHandler guarantees. */
export function memberOf(request: FastifyRequest): { id: string; sessionId: string } {
  if (!request.member) throw new ApiError('AUTH_REQUIRED');
  return request.member;
}
