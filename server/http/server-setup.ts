import Fastify, { type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { logTransport } from '../../src/contract/log-format';
import { type Config } from '../config';
import { type ServerContainer } from '../container';
import { trustedProxies } from '../settings/trust-proxy';
import { answerClientError } from './client-error';
import { registerConnectionsPerAddress } from './connections-per-address';
import { ApiError } from './errors';
import { registerForwardedFor } from './forwarded-for';
import { registerHostileInputGuard } from './hostile-input';
import { logFormatInputs } from './log-format-inputs';
import { REDACTED, REDACTED_PATHS, serializeError, serializeRequest } from './log-safety';
import { type OwnPages, registerSecurityHeaders } from './security-headers';
import { answer, answerError, answerFrameworkError, isApiPath } from './server-setup-errors';
import { registerRateLimit } from './shared-rate-limit';
import { type Spa } from './spa';

/** The largest request body either listener reads. */
const BODY_LIMIT_BYTES = 16 * 1024;
/** The longest path parameter the router accepts; a longer one answers 414 URL_TOO_LONG. */
const MAX_PARAM_LENGTH = 100;

/** What sets one listener apart from the other; everything else is the same for both. */
export interface ListenerSetup {
  /** Where the log goes instead of stdout (the tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Run first on every request, before any other check: the console's address allow-list. */
  admit?: onRequestHookHandler;
  /**
   * A listener with pages and an address of its own (the console's): its pages' headers, and its
   * public address, whose https puts HSTS on its API answers. The member app's when absent.
   */
  own?: OwnPages;
  /** Requests per client address per minute, on every route without a budget of its own. */
  perAddressPerMinute: number;
  /** Where this listener's budgets are counted in Redis (shared-rate-limit.ts). */
  rateLimitNamespace: string;
}

/**
 * A listener's Fastify app, before its routes: the member app and the console's share this one
 * setup. The logger that leaves secrets out, the socket timeouts and connection caps, the body
 * and parameter limits, strict JSON, X-Forwarded-For from trusted proxies only, the security
 * headers (`no-store` on every /api answer), the refusal of hostile input, one error handler
 * answering the envelope, and the request budgets (shared through Redis with REDIS_URL).
 */
export async function setUpListener(
  container: ServerContainer,
  config: Config,
  setup: ListenerSetup,
): Promise<FastifyInstance> {
  const app = createFastify(config, setup.logStream);
  // Beyond the cap, new connections are closed on arrival; the socket timeouts free the slots.
  app.server.maxConnections = config.connections.maxConnections;
  registerConnectionsPerAddress(app, config);
  // Behind a trusted proxy: one X-Forwarded-For line, holding addresses, or 400 (forwarded-for.ts).
  registerForwardedFor(app, config.trustProxy);
  if (setup.admit) app.addHook('onRequest', setup.admit);
  // Helmet's headers on pages and assets, and the API's (no-store) on every /api answer.
  registerSecurityHeaders(app, config, isApiPath, setup.own);
  // Control characters and invalid Unicode anywhere in a request are a coded 400.
  registerHostileInputGuard(app);
  app.setErrorHandler(answerError);
  await registerRateLimit(app, config, container.clock, {
    perAddressPerMinute: setup.perAddressPerMinute,
    namespace: setup.rateLimitNamespace,
  });
  return app;
}

/** Fastify with the logger, the socket timeouts, the body and parameter limits and strict JSON. */
function createFastify(config: Config, logStream?: NodeJS.WritableStream): FastifyInstance {
  const logging = config.logLevel !== 'silent' || logStream !== undefined;
  const limits = config.connections;
  return Fastify({
    logger: logging
      ? {
          level: config.logLevel === 'silent' ? 'info' : config.logLevel,
          // Every level: no query strings, secret keys or database error parameters (log-safety.ts).
          redact: { paths: REDACTED_PATHS, censor: REDACTED },
          serializers: { req: serializeRequest, err: serializeError },
          ...(logStream
            ? { stream: logStream }
            : { transport: logTransport(logFormatInputs(config.appEnv)) }),
        }
      : false,
    // Slow clients cannot hold the server: the whole request (an unfinished body included) must
    // arrive within requestTimeout, headers within headersTimeout; idle sockets are closed.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks those two timeouts on this interval (30 s by default, too late to matter).
      connectionsCheckingInterval: Math.min(1000, Math.max(50, limits.headersTimeoutMs / 4)),
    },
    // A URL the router cannot decode (bad percent-encoding, e.g. a lone surrogate's bytes): the
    // envelope with no-store, not Fastify's default body, which repeats the URL.
    frameworkErrors: answerFrameworkError,
    // A request the HTTP parser refuses (bad request line, header or Content-Length): the
    // envelope's 400 INVALID_REQUEST on the socket, not Fastify's body (client-error.ts).
    clientErrorHandler: answerClientError,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    trustProxy: trustedProxies(config.trustProxy),
    // Unknown fields must be refused (400), not silently dropped; no type juggling either.
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        allErrors: false,
        allowUnionTypes: true,
      },
    },
  });
}

/**
 * With the built SPA's wildcard route registered, the router falls back to it when an API path's
 * parameter is too long instead of raising its own error; such a request still gets the 414.
 */
const hasOverlongSegment = (url: string): boolean =>
  url
    .split('?')[0]
    .split('/')
    .some((segment) => segment.length > MAX_PARAM_LENGTH);

/**
 * What no route answers: the SPA's shell for a client-side route (spa.ts), else the envelope's
 * 404, or 414 for an API path with a segment past the parameter limit.
 */
export function registerNotFound(app: FastifyInstance, spa: Spa | null): void {
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) && hasOverlongSegment(request.url)) {
      return answer(reply, new ApiError('URL_TOO_LONG'));
    }
    if (spa?.handleNotFound(request, reply)) return reply;
    return answer(reply, new ApiError('NOT_FOUND'));
  });
}
