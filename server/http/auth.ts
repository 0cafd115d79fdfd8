import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type ServerContainer } from '../container';
import { ApiError, toApiError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    member?: { id: string; sessionId: string };
    /** The bearer token's lookup, started once (authenticationOf) and shared. */
    authentication?: Promise<Authentication>;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([A-Za-z0-9_-]{16,256})$/.exec(header);
  return match?.[1];
}

type Authentication = Awaited<ReturnType<ServerContainer['authenticateSession']['execute']>>;

/**
 * The request's bearer token resolved to a live session (undefined without a token): one lookup
 * per request, kept on the request and shared by a per-session rate-limit key and
 * `app.authenticate`.
 */
export function authenticationOf(
  request: FastifyRequest,
  container: ServerContainer,
): Promise<Authentication> | undefined {
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
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const authentication = authenticationOf(request, container);
    if (authentication === undefined) throw new ApiError('AUTH_REQUIRED');
    const result = await authentication;
    if (!result.ok) throw toApiError(result.error);
    request.member = result.value;
  });
}

/** For handlers behind `app.authenticate`: the member, which the preHandler guarantees. */
export function memberOf(request: FastifyRequest): { id: string; sessionId: string } {
  if (!request.member) throw new ApiError('AUTH_REQUIRED');
  return request.member;
}
