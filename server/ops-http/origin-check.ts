import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that writes something (an export is audited), and so is guarded as a POST is. */
    writes?: boolean;
  }
}

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request changes something: every method but GET and HEAD, and the writing GETs. */
export function changesState(request: FastifyRequest): boolean {
  if (!READ_ONLY.has(request.method)) return true;
  return request.routeOptions.config?.writes === true;
}

/**
 * The second line beside the CSRF token: a state-changing call (and an export) whose `Origin`
 * header names another origin than the console's own is refused with a 403, before any handler.
 * The console's own origin is OPS_PUBLIC_URL's, or the one the request was addressed to (its
 * scheme and Host: what a browser opening the console at that address sends). A request without
 * `Origin` (an older browser, a script) is left to the CSRF token, which every such call needs.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const configured = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !changesState(request)) return done();
    const own = `${request.protocol}://${request.host}`;
    if (origin === configured || origin === own) return done();
    done(new ApiError('OPS_CSRF_REJECTED', 'The request came from another site.'));
  });
}
