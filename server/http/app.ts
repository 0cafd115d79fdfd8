import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';
import { type Config } from '../config';
import { type ServerContainer } from '../container';
import { registerAuthentication } from './auth';
import { authRoutes } from './routes/auth.routes';
import { devRoutes } from './routes/dev.routes';
import { healthRoutes } from './routes/health.routes';
import { userRoutes } from './routes/user.routes';
import { paymentRoutes } from './routes/payment.routes';
import { paymentHistoryRoutes } from './routes/payment-history.routes';
import { sessionsRoutes } from './routes/sessions.routes';
import { smsDeliveryRoutes } from './routes/sms-delivery.routes';
import { personalDataRoutes } from './routes/personal-data.routes';
import { passkeyRoutes } from './routes/passkeys.routes';
import { registerSpa } from './spa';
import { RATE_LIMIT_NAMESPACE } from './shared-rate-limit';
import { registerMemberGate } from './member-budgets';
import { registerRequestMetrics } from './metrics';
import { registerOpenApi } from './openapi';
import { projectRoot } from '../project-root';
import { registerNotFound, setUpListener } from './server-setup';

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
  // The setup both listeners share (server-setup.ts): limits, headers, errors, budgets.
  const app = await setUpListener(container, config, {
    logStream: options.logStream,
    perAddressPerMinute: config.rateLimitPerMinute,
    rateLimitNamespace: RATE_LIMIT_NAMESPACE,
  });

  // The container's own warnings (reconciliation, cache invalidation) go to this logger too.
  container.log.attach(app.log);
  // metrics: every answer by route and status, with its latency (served off this listener).
  registerRequestMetrics(app, container.metrics);

  registerAuthentication(app, container);
  registerMemberGate(app, container);

  // In development: the OpenAPI document of the routes below, and its page (openapi.ts).
  await registerOpenApi(app, config);
  await app.register(apiRoutes(container, config), { prefix: '/api' });
  // The sandbox gateway is its own app on its own port (sandbox-gateway/), not served here.

  await registerPages(app, options.distDir ?? DIST_DIR);
  return app;
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
    await api.register(smsDeliveryRoutes(container));
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
  registerNotFound(app, await registerSpa(app, distDir));
}
