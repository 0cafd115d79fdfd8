import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { type Clock, SystemClock } from '../src/contract/clock';
import { type SandboxGatewayConfig } from './config';
import { logFormatInputs } from './log-format-inputs';
import { logTransport } from '../src/contract/log-format';
import { HmacSigner } from './hmac-signer';
import {
  type CallbackDeliveryOptions,
  type CallbackTransport,
  DEFAULT_DELIVERY,
  SandboxCallbackSender,
  fetchCallbackTransport,
} from './sandbox-callback-sender';
import { pageCsp, sandboxGatewayRoutes, sendPage } from './sandbox-gateway.plugin';
import { renderErrorPage, SANDBOX_CSS_PATH } from './sandbox-page';
import { SandboxPaymentStore } from './sandbox-payment-store';
import { SandboxRefundStore } from './sandbox-refund-store';

const CSS = readFileSync(path.join(__dirname, 'public', 'sandbox.css'), 'utf8');
/** The hand-off form is eleven short fields. */
const BODY_LIMIT_BYTES = 32 * 1024;

export interface SandboxGatewayOverrides {
  /** Time for signed timestamps and retry delays; the system clock by default. */
  clock?: Clock;
  /** How callbacks reach the merchant; HTTP (fetch) by default. */
  transport?: CallbackTransport;
  delivery?: CallbackDeliveryOptions;
  /** The gateway's books; pass one to look into them from a test. */
  store?: SandboxPaymentStore;
  /** Its refunds, over `store`; pass one to look into them from a test. */
  refunds?: SandboxRefundStore;
  logStream?: NodeJS.WritableStream;
}

/**
 * The sandbox hosted payment gateway as its own Fastify app (not listening: main.ts listens,
 * tests use inject or listen on port 0). It holds the shared secret itself, keeps its own books
 * in memory and knows the API only by the URLs signed into each hand-off.
 */
export async function buildSandboxGateway(
  config: SandboxGatewayConfig,
  overrides: SandboxGatewayOverrides = {},
): Promise<FastifyInstance> {
  const app = createFastify(config, overrides.logStream);
  const clock = overrides.clock ?? new SystemClock();
  const signer = new HmacSigner(config.gatewaySecret);
  const store = overrides.store ?? new SandboxPaymentStore();
  const refunds = overrides.refunds ?? new SandboxRefundStore(store);
  const sender = new SandboxCallbackSender(
    store,
    signer,
    clock,
    (context, message) => app.log.warn(context, message),
    overrides.transport ?? fetchCallbackTransport,
    overrides.delivery ?? DEFAULT_DELIVERY,
  );
  app.addHook('onClose', async () => sender.close());

  await app.register(fastifyFormbody);
  registerSecurityHeaders(app);
  registerErrorPages(app);

  app.get(SANDBOX_CSS_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(CSS),
  );

  /** For whoever starts it (npm start, the test suites): it answers once it listens. */
  app.get('/health', async () => ({ status: 'ok' }));

  await app.register(
    sandboxGatewayRoutes({
      merchantName: config.merchantName,
      gatewayClientId: config.gatewayClientId,
      signer,
      store,
      refunds,
      sender,
      clock,
    }),
  );

  return app;
}

/** Fastify with the logger (the decision forms' session token redacted) and the body limit. */
function createFastify(
  config: SandboxGatewayConfig,
  logStream: NodeJS.WritableStream | undefined,
): FastifyInstance {
  const logging = config.logLevel !== 'silent' || logStream !== undefined;
  return Fastify({
    logger: logging
      ? {
          level: config.logLevel === 'silent' ? 'info' : config.logLevel,
          // The decision forms carry the tab's session token.
          redact: { paths: ['body.session', '*.session'], censor: '[redacted]' },
          ...(logStream
            ? { stream: logStream }
            : { transport: logTransport(logFormatInputs(config.appEnv)) }),
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
  });
}

/** Helmet's headers on every answer, and the pages' CSP unless a route set its own. */
function registerSecurityHeaders(app: FastifyInstance): void {
  // As the portal's pages have them (one middleware, built once).
  const securityHeaders = helmet({
    // Set per response below: the payment page widens form-action to the merchant's origin.
    contentSecurityPolicy: false,
    // The page opens in a tab the merchant's app opened; the merchant's return page follows.
    crossOriginOpenerPolicy: false,
    xFrameOptions: { action: 'deny' },
    // Plain http on a development machine: pinning https would lock the host out.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', pageCsp());
    }
    return payload;
  });
}

/** The merchant's server-to-server calls, answered in JSON: status queries and refunds. */
const isMerchantCall = (url: string): boolean =>
  url.startsWith('/status/') || /^\/refunds(?:[/?]|$)/.test(url);

/**
 * Failures and unknown paths: a page for the payer's tab, JSON for the merchant's calls.
 */
function registerErrorPages(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'sandbox gateway failed');
    if (isMerchantCall(request.url)) {
      return reply.code(status).send({ error: status === 500 ? 'internal' : 'bad_request' });
    }
    return sendPage(
      reply,
      status,
      renderErrorPage(
        'Payment unavailable',
        status === 500 ? 'Something went wrong.' : 'Bad request.',
      ),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    if (isMerchantCall(request.url)) return reply.code(404).send({ error: 'not_found' });
    return sendPage(reply, 404, renderErrorPage('Not found', 'There is no such page here.'));
  });
}
