import path from 'node:path';
import { type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { type Config } from '../config';
import { type ServerContainer } from '../container';
import { ApiError } from '../http/errors';
import { OPS_RATE_LIMIT_NAMESPACE } from '../http/shared-rate-limit';
import { computeSecurityHeaders } from '../http/security-headers';
import { registerNotFound, setUpListener } from '../http/server-setup';
import { answer } from '../http/server-setup-errors';
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
  // The setup both listeners share (server-setup.ts), with the console's allow-list first, its
  // own pages and address, and budgets of its own, never above the member side's per address.
  const app = await setUpListener(container, config, {
    logStream: options.logStream,
    admit: allowListed(config.ops.allowedIps),
    own: { pageHeaders: PAGE_HEADERS, publicUrl: config.ops.publicUrl },
    perAddressPerMinute: Math.min(config.rateLimitPerMinute, config.ops.rateLimitPerMinute),
    rateLimitNamespace: OPS_RATE_LIMIT_NAMESPACE,
  });
  // Beside the CSRF token: a state-changing call from another origin is refused (origin-check.ts).
  registerOriginCheck(app, config.ops.publicUrl);
  await registerCookies(app);

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

  registerNotFound(app, await registerSpa(app, options.distDir ?? CONSOLE_DIST_DIR));
  return app;
}

/** An address outside OPS_ALLOWED_IPS gets 404 from everything, before any other check. */
function allowListed(allowedIps: Config['ops']['allowedIps']): onRequestHookHandler {
  return (request, reply, done) => {
    if (allowedIps === undefined) return done();
    const family = request.ip.includes(':') ? 'ipv6' : 'ipv4';
    if (allowedIps.check(request.ip, family)) return done();
    // Nothing else runs: the answer says no more than an unknown path on any server would.
    reply.header('Cache-Control', 'no-store');
    answer(reply, new ApiError('NOT_FOUND'));
  };
}
