import { isIP } from 'node:net';
import { type FastifyInstance } from 'fastify';
import { type TrustProxySetting, trustedProxies } from '../settings/trust-proxy';
import { ApiError } from './errors';

/** How many X-Forwarded-For lines a request carries (Node joins them into one value). */
export function forwardedForLines(rawHeaders: readonly string[]): number {
  let lines = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === 'x-forwarded-for') lines += 1;
  }
  return lines;
}

/**
 * Fastify's `trustProxy` for the setting, and the refusals that go with believing a proxy: a
 * request with several X-Forwarded-For lines (which proxies join in different orders, so the
 * right-most address cannot be told to be a proxy's) and one whose client address is not an
 * address at all get 400 INVALID_REQUEST before anything counts or checks the address.
 */
export function registerForwardedFor(app: FastifyInstance, setting: TrustProxySetting): void {
  if (trustedProxies(setting) === false) return;
  app.addHook('onRequest', async (request) => {
    if (forwardedForLines(request.raw.rawHeaders) > 1) {
      throw new ApiError('INVALID_REQUEST', 'Send at most one X-Forwarded-For header.');
    }
    if (isIP(request.ip ?? '') === 0) {
      throw new ApiError('INVALID_REQUEST', 'X-Forwarded-For must hold addresses.');
    }
  });
}
