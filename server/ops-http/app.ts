import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { type Config } from '../config';
import { type ServerContainer } from '../container';
import { isConnectionFailure, isContention } from '../adapters/postgres/database';
import { failure } from '../http/envelope';
import {
  ApiError,
  DATABASE_RETRY_AFTER_S,
  validationField,
  validationMessage,
} from '../http/errors';
import { answerFrameworkError } from '../http/app';
import { answerClientError } from '../http/client-error';
import { registerHostileInputGuard } from '../http/hostile-input';
import { registerForwardedFor } from '../http/forwarded-for';
import { OPS_RATE_LIMIT_NAMESPACE, sharedRateLimitStore } from '../http/shared-rate-limit';
import { REDACTED, REDACTED_PATHS, serializeError, serializeRequest } from '../http/log-safety';
import { trustedProxies } from '../settings/trust-proxy';
import { computeSecurityHeaders } from '../http/security-headers';
import { registerSpa } from '../http/spa';
import { CONSOLE_API, registerOpenApi } from '../http/openapi';
import { projectRoot } from '../project-root';
import { registerCookies } from './guard';
import { registerOriginCheck } from './origin-check';
import { opsAuditRoutes } from './routes/audit.routes';
import { opsAuthRoutes } from './routes/auth.routes';
import { opsMemberRoutes } from './routes/members.routes';
import { opsOperatorRoutes } from './routes/operators.routes';
import { opsOperatorLockRoutes } from './routes/operator-lock.routes';
import { opsPaymentRoutes } from './routes/payments.routes';
import { opsRefundRoutes } from './routes/refunds.routes';
import { opsReportRoutes } from './routes/reports.routes';
import { healthProbes } from '../http/routes/health.routes';

const CONSOLE_DIST_DIR = path.join(projectRoot(__dirname), 'dist-console');

/** The console's pages: scripts and styles from its own origin only, no framing, no forms out. */
const PAGE_HEADERS = computeSecurityHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
});

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The operator console's app, on its own listener (OPS_PORT, OPS_HOST): its API under /api and
 * its SPA (dist-console/) on every other path. Operators sign in with a cookie session; every
 * call is limited per address (and per operator by its route); an address outside
 * OPS_ALLOWED_IPS gets 404 from everything.
 */
export async function buildOpsApp(
  container: ServerContainer,
  config: Config,
  options: { logStream?: NodeJS.WritableStream; distDir?: string } = {},
): Promise<FastifyInstance> {
  const logging = config.logLevel !== 'silent' || options.logStream !== undefined;
  const app = Fastify({
    logger: logging
      ? {
          level: config.logLevel === 'silent' ? 'info' : config.logLevel,
          redact: { paths: REDACTED_PATHS, censor: REDACTED },
          serializers: { req: serializeRequest, err: serializeError },
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    bodyLimit: 16 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    // As the member app: an undecodable URL, a parameter too long or a request the HTTP parser
    // refuses answers the envelope's coded 400, not Fastify's or Node's own body.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { maxParamLength: 100 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  // Behind a trusted proxy: one X-Forwarded-For line, holding addresses, or 400 (forwarded-for.ts).
  registerForwardedFor(app, config.trustProxy);
  const allowedIps = config.ops.allowedIps;
  app.addHook('onRequest', async (request, reply) => {
    if (allowedIps !== undefined) {
      const family = request.ip.includes(':') ? 'ipv6' : 'ipv4';
      if (!allowedIps.check(request.ip, family)) {
        return answer(reply, new ApiError('NOT_FOUND'));
      }
    }
    if (isApi(request.url)) reply.header('Cache-Control', 'no-store');
    else reply.headers(PAGE_HEADERS);
  });
  // The member side's check: control characters and invalid Unicode anywhere are a coded 400.
  registerHostileInputGuard(app);
  // Beside the CSRF token: a state-changing call from another origin is refused (origin-check.ts).
  registerOriginCheck(app, config.ops.publicUrl);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return answer(reply, error);
    }
    if (error.validation) {
      const message = validationMessage(error.validation, error.validationContext ?? 'body');
      const field = validationField(error.validation);
      return answer(reply, new ApiError('VALIDATION_FAILED', message, { field }));
    }
    if (isConnectionFailure(error) || isContention(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return answer(reply, new ApiError('SERVICE_UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return answer(reply, new ApiError('RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      const code =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'INVALID_JSON' : 'INVALID_REQUEST';
      return answer(reply, new ApiError(code));
    }
    request.log.error({ err: error }, 'request failed');
    return answer(reply, new ApiError('INTERNAL_ERROR'));
  });

  await registerCookies(app);
  await app.register(fastifyRateLimit, {
    global: true,
    max: Math.min(config.rateLimitPerMinute, config.ops.rateLimitPerMinute),
    timeWindow: 60_000,
    // With REDIS_URL every console budget is counted once for all instances.
    ...sharedRateLimitStore(app, config, container.clock, OPS_RATE_LIMIT_NAMESPACE),
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', undefined, {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });

  // In development: the OpenAPI document of the console's API, and its page.
  await registerOpenApi(app, config, CONSOLE_API);
  const secureCookie = config.ops.publicUrl.startsWith('https:');
  await app.register(
    async (api) => {
      opsAuthRoutes(api, container, { secureCookie });
      opsMemberRoutes(api, container);
      opsOperatorRoutes(api, container);
      opsOperatorLockRoutes(api, container);
      opsAuditRoutes(api, container);
      opsPaymentRoutes(api, container);
      opsRefundRoutes(api, container);
      opsReportRoutes(api, container);
      healthProbes(api, container);
    },
    { prefix: '/api' },
  );

  const spa = await registerSpa(app, options.distDir ?? CONSOLE_DIST_DIR);
  app.setNotFoundHandler((request, reply) => {
    if (!isApi(request.url) && spa?.handleNotFound(request, reply)) return reply;
    return answer(reply, new ApiError('NOT_FOUND'));
  });
  return app;
}

function answer(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.httpStatus).send(failure(error.code, error.message, error.field));
}
