import { type FastifyInstance, type FastifyRequest, type preHandlerHookHandler } from 'fastify';
import { type ServerContainer } from '../container';
import { type Authentication } from '../use-cases/authenticate-session.use-case';
import { ApiError, toApiError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preHandlerHookHandler;
  }
  interface FastifyRequest {
    member?: { id: string; sessionId: string };
    /**
     * The bearer token's lookup, started once (authenticationOf) and shared: the answer itself
     * when the session is held in memory, else its promise.
     */
    authentication?: Authentication | Promise<Authentication>;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([A-Za-z0-9_-]{16,256})$/.exec(header);
  return match?.[1];
}

/**
 * The request's bearer token resolved to a live session (undefined without a token): one lookup
 * per request, kept on the request and shared by a per-session rate-limit key and
 * `app.authenticate`.
 */
export function authenticationOf(
  request: FastifyRequest,
  container: ServerContainer,
): Authentication | Promise<Authentication> | undefined {
  if (request.authentication !== undefined) return request.authentication;
  const token = bearerToken(request);
  if (token === undefined) return undefined;
  request.authentication = container.authenticateSession.execute({ token });
  return request.authentication;
}

/**
 * `app.authenticate`: a preHandler that resolves `Authorization: Bearer <token>` to a live
 * session and sets `request.member`, or answers 401 (AUTH_REQUIRED without a token,
 * AUTH_SESSION_ENDED for one that opens no live session).
 */
export function registerAuthentication(app: FastifyInstance, container: ServerContainer): void {
  app.decorateRequest('member', undefined);
  app.decorateRequest('authentication', undefined);
  // A callback hook, not an async one: a session held in memory is admitted without a promise.
  const authenticate: preHandlerHookHandler = (request, _reply, done) => {
    const admit = (result: Authentication): void => {
      if (!result.ok) return done(toApiError(result.error));
      request.member = result.value;
      done();
    };
    const authentication = authenticationOf(request, container);
    if (authentication === undefined) done(new ApiError('AUTH_REQUIRED'));
    else if (authentication instanceof Promise) authentication.then(admit, done);
    else admit(authentication);
  };
  app.decorate('authenticate', authenticate);
}

/** For handlers behind `app.authenticate`: the member, which the preHandler guarantees. */
export function memberOf(request: FastifyRequest): { id: string; sessionId: string } {
  if (!request.member) throw new ApiError('AUTH_REQUIRED');
  return request.member;
}
