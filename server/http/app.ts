import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { type Config } from '../config';
import { type ServerContainer } from '../container';
import { registerAuthentication } from './auth';
import { type ErrorCode } from '../../src/contract/errors';
import { ERROR_MESSAGES } from './messages';
import { answerClientError } from './client-error';
import { registerConnectionsPerAddress } from './connections-per-address';
import { registerForwardedFor } from './forwarded-for';
import { trustedProxies } from '../settings/trust-proxy';
import { failure } from './envelope';
import { ApiError, DATABASE_RETRY_AFTER_S, validationField, validationMessage } from './errors';
import { registerHostileInputGuard } from './hostile-input';
import { REDACTED, REDACTED_PATHS, serializeError, serializeRequest } from './log-safety';
import { authRoutes } from './routes/auth.routes';
import { devRoutes } from './routes/dev.routes';
import { healthRoutes } from './routes/health.routes';
import { isConnectionFailure, isContention } from '../adapters/postgres/database';
import { userRoutes } from './routes/user.routes';
import { paymentRoutes } from './routes/payment.routes';
import { paymentHistoryRoutes } from './routes/payment-history.routes';
import { sessionsRoutes } from './routes/sessions.routes';
import { personalDataRoutes } from './routes/personal-data.routes';
import { passkeyRoutes } from './routes/passkeys.routes';
import { registerSpa } from './spa';
import { sharedRateLimitStore } from './shared-rate-limit';
import { registerMemberGate } from './member-budgets';
import { registerRequestMetrics } from './metrics';
import { registerSecurityHeaders } from './security-headers';
import { registerOpenApi } from './openapi';
import { projectRoot } from '../project-root';
import { logFormatInputs } from './log-format-inputs';
import { logTransport } from '../../src/contract/log-format';

export const BODY_LIMIT_BYTES = 16 * 1024;
/** The longest path parameter the router accepts; a longer one answers 414 URL_TOO_LONG. */
const MAX_PARAM_LENGTH = 100;

/**
 * With the built SPA's wildcard route registered, the router falls back to it when an API path's
 * parameter is too long instead of raising its own error; such a request still gets the 414.
 */
const hasOverlongSegment = (url: string): boolean =>
  url
    .split('?')[0]
    .split('/')
    .some((segment) => segment.length > MAX_PARAM_LENGTH);
// The repository, or the directory holding dist-server/ when run compiled.
const REPO_ROOT = projectRoot(__dirname);
const LOCALES_DIR = path.join(REPO_ROOT, 'locales');
const DIST_DIR = path.join(REPO_ROOT, 'dist');

/**
 * The Fastify app, without listening: API routes under /api, security headers, rate limits,
 * body limit, locales, the built SPA with index.html fallback, and the envelope for every error.
 */
export async function buildApp(
  container: ServerContainer,
  config: Config,
  options: { logStream?: NodeJS.WritableStream; distDir?: string } = {},
): Promise<FastifyInstance> {
  const app = createFastify(config, options.logStream);

  // The container's own warnings (reconciliation, cache invalidation) go to this logger too.
  container.log.attach(app.log);

  // Beyond the cap, new connections are closed on arrival; the socket timeouts free the slots.
  app.server.maxConnections = config.connections.maxConnections;
  registerConnectionsPerAddress(app, config);
  // Behind a trusted proxy: one X-Forwarded-For line, holding addresses, or 400 (forwarded-for.ts).
  registerForwardedFor(app, config.trustProxy);

  // Helmet's headers on every answer, and no-store on every /api answer (security-headers.ts).
  registerSecurityHeaders(app, config, isApiPath);
  registerHostileInputGuard(app);
  // metrics: every answer by route and status, with its latency (served off this listener).
  registerRequestMetrics(app, container.metrics);

  app.setErrorHandler(answerError);

  await registerRateLimit(app, config, container);
  registerAuthentication(app, container);
  registerMemberGate(app, container);

  // In development: the OpenAPI document of the routes below, and its page (openapi.ts).
  await registerOpenApi(app, config);
  await app.register(apiRoutes(container, config), { prefix: '/api' });
  // The sandbox gateway is its own app on its own port (sandbox-gateway/), not served here.

  await registerPages(app, options.distDir ?? DIST_DIR);
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

/** Every failure is answered by its code (src/contract/errors.ts), with that code's status. */
function answerError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return answer(reply, error);
  }
  if (error.validation) {
    const message = validationMessage(error.validation, error.validationContext ?? 'body');
    const field = validationField(error.validation);
    return answer(reply, new ApiError('VALIDATION_FAILED', message, { field }));
  }
  if (isConnectionFailure(error)) {
    // The pool reconnects by itself: tell the client to come back shortly, never a 500.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    return answer(reply, new ApiError('SERVICE_UNAVAILABLE'));
  }
  if (isContention(error)) {
    // Transactions that kept colliding (deadlocks broken by the server), retried already.
    request.log.warn({ err: error }, 'database contention');
    reply.header('Retry-After', '1');
    return answer(reply, new ApiError('SERVICE_UNAVAILABLE'));
  }
  const code = clientErrorCode(error);
  if (code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
  return answer(reply, new ApiError(code, clientErrorMessage(code, error)));
}

/**
 * One budget per address on every route, and a member route's own (memberRoute), shared across
 * instances when REDIS_URL is set (shared-rate-limit.ts).
 */
async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  container: ServerContainer,
): Promise<void> {
  const store = sharedRateLimitStore(app, config, container.clock);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...store,
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', undefined, {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}

/** The API's route plugins, registered under /api; the development routes outside production. */
function apiRoutes(container: ServerContainer, config: Config) {
  return async (api: FastifyInstance): Promise<void> => {
    await api.register(authRoutes(container));
    await api.register(userRoutes(container));
    await api.register(healthRoutes(container));
    if (config.appEnv !== 'production') await api.register(devRoutes(container));
    await api.register(paymentRoutes(container));
    await api.register(paymentHistoryRoutes(container));
    await api.register(sessionsRoutes(container));
    await api.register(personalDataRoutes(container));
    await api.register(passkeyRoutes(container));
  };
}

/**
 * What is not the API: the locales, the built SPA (precompressed, cached by hash, index.html for
 * client-side routes: spa.ts), and the envelope's 404 (or 414) for anything else.
 */
async function registerPages(app: FastifyInstance, distDir: string): Promise<void> {
  if (existsSync(LOCALES_DIR)) {
    await app.register(fastifyStatic, {
      root: LOCALES_DIR,
      prefix: '/locales/',
      decorateReply: false,
    });
  }
  const spa = await registerSpa(app, distDir);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) && hasOverlongSegment(request.url)) {
      return answer(reply, new ApiError('URL_TOO_LONG'));
    }
    if (spa?.handleNotFound(request, reply)) return reply;
    return answer(reply, new ApiError('NOT_FOUND'));
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (bad percent-encoding) or a path
 * parameter past its length answers the envelope's coded 400, never Fastify's own body. The
 * console's app answers them the same way.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return answer(reply, new ApiError('URL_TOO_LONG'));
  if (error.code === 'FST_ERR_BAD_URL') return answer(reply, new ApiError('URL_INVALID'));
  request.log.error({ err: error }, 'request failed');
  return answer(reply, new ApiError('INTERNAL_ERROR'));
}

/** The failure envelope of an ApiError, with its code's status. */
function answer(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.httpStatus).send(failure(error.code, error.message, error.field));
}

/**
 * The code of an error Fastify or a plugin raised (a body parser; @fastify/static's path,
 * conditional and range checks), by its status; INTERNAL_ERROR for any 5xx or unknown one. A 4xx
 * with no code of its own answers as INVALID_REQUEST, 400.
 */
function clientErrorCode(error: FastifyError): ErrorCode {
  const status = error.statusCode ?? 500;
  if (status >= 500 || status < 400) return 'INTERNAL_ERROR';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'INVALID_JSON';
  }
  return CLIENT_ERROR_CODES[status] ?? 'INVALID_REQUEST';
}

const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  403: 'PATH_FORBIDDEN',
  404: 'NOT_FOUND',
  412: 'PRECONDITION_FAILED',
  413: 'BODY_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

/** The words of those answers: the code's own, except a plugin's 429 and a file's 404. */
function clientErrorMessage(code: ErrorCode, error: FastifyError): string {
  if (code === 'RATE_LIMITED') return error.message;
  if (code === 'NOT_FOUND') return ERROR_MESSAGES.INVALID_REQUEST;
  return ERROR_MESSAGES[code];
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
