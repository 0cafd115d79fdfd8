// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) starts before fastify and pg load.
import './telemetry/register';
import { type FastifyInstance } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config';
import { createContainer, type ServerContainer } from './container';
import { warnAboutStrandedPayments } from './wiring/gateways';
import { buildApp } from './http/app';
import { buildMetricsApp } from './http/metrics';
import { buildOpsApp } from './ops-http/app';
import { readinessOf } from './http/routes/health-state';
import { startRefusals } from './preflight/preflight';
import { answerWhileStarting } from './preflight/starting-probes';
import { dataDirPath } from './adapters/postgres/pglite-lock';
import { type LocalChannel, openLocalChannel } from './ops-cli/local-channel';
import { stopTracing } from './telemetry/start';

/** After the grace period, closing the database may take this long before we give up. */
const CLOSE_DATABASE_MS = 5_000;
/** How long start-up waits for another process's lock on the PGlite directory (an ops command). */
const LOCK_WAIT_MS = 30_000;

/**
 * The production entry (`node dist-server/server/main.js`): reads config (in production, refusing
 * to start where the doctor's fatal checks fail), answers the probes as not ready while it opens
 * the database (migrating it), builds the app and listens, with the metrics on a listener of
 * their own when METRICS_PORT is set. On SIGTERM or SIGINT readiness goes 503 at once; after
 * SHUTDOWN_DELAY_MS it stops accepting connections, lets in-flight requests finish within
 * SHUTDOWN_GRACE_MS, closes the database and exits 0.
 */
async function main(): Promise<void> {
  const config = await startingConfig();
  // Until the database is open and migrated, the ports already answer: live, and not ready.
  const starting = await answerWhileStarting(config);

  // PGlite in a directory: held by this process alone (a short wait if an ops command has it).
  const container = await createContainer(config, {}, { lockWaitMs: LOCK_WAIT_MS, onLockWait });
  const app = await buildApp(container, config);
  // gateways: pending payments whose gateway GATEWAYS leaves out are named at start.
  await warnAboutStrandedPayments(container.transactions, container.paymentGateways, (c, m) =>
    app.log.warn(c, m),
  );
  if (config.appEnv === 'production' && config.ops.auditSigningKey === undefined) {
    app.log.warn(
      'AUDIT_SIGNING_KEY unset: audit checkpoints are signed with a key derived from SMS_CODE_PEPPER',
    );
  }
  if (config.appEnv === 'production' && config.smsProvider === 'console') {
    app.log.warn('SMS_PROVIDER=console in production: codes are only logged, not sent');
  }
  // Re-query payments left pending, purge stale records and payments past their retention: once
  // per interval across all instances (wiring/scheduled-jobs.ts); container.close() stops them.
  await container.scheduler.start();

  let metricsApp: FastifyInstance | undefined;
  if (config.metrics.port !== undefined) {
    container.metrics.collectProcessMetrics();
    metricsApp = buildMetricsApp(container.metrics);
  }

  // The operator console on a listener of its own (OPS_PORT, private to OPS_HOST by default).
  const opsApp = config.ops.port !== undefined ? await buildOpsApp(container, config) : undefined;

  const sideApps = [metricsApp, opsApp].filter((one) => one !== undefined);
  const channel = await localChannelFor(container, config.databaseUrl, config.dataDir, app);
  const shutdown = gracefulShutdown(app, sideApps, container, config, channel);
  stopOnSignals(shutdown);

  await starting.close();
  await app.listen({ host: config.host, port: starting.port });
  const port = starting.port;
  // Where to reach it is the program's output, not a log entry: printed whatever LOG_LEVEL says.
  // eslint-disable-next-line no-console -- the listen address is the program's output, whatever LOG_LEVEL says
  console.log(`Member portal listening on http://${config.host}:${port}`);
  // The address to open differs from the bind address: WebAuthn refuses an IP address.
  // eslint-disable-next-line no-console -- the address to open is the program's output too
  console.log(`Open ${browserAddress(config.publicUrl, port)} in a browser`);

  if (metricsApp !== undefined) {
    await metricsApp.listen({ host: config.metrics.host, port: config.metrics.port });
    const metricsAddress = metricsApp.server.address();
    const metricsPort =
      metricsAddress !== null && typeof metricsAddress === 'object' ? metricsAddress.port : 0;
    // eslint-disable-next-line no-console -- the listen address is the program's output, whatever LOG_LEVEL says
    console.log(`Metrics on http://${config.metrics.host}:${metricsPort}/metrics`);
  }
  if (opsApp !== undefined) {
    await opsApp.listen({ host: config.ops.host, port: starting.opsPort });
    const opsAddress = opsApp.server.address();
    const opsPort = opsAddress !== null && typeof opsAddress === 'object' ? opsAddress.port : 0;
    // eslint-disable-next-line no-console -- the listen address is the program's output, whatever LOG_LEVEL says
    console.log(
      `Operator console on http://${config.ops.host}:${opsPort} (open ${config.ops.publicUrl})`,
    );
  }
}

/**
 * The settings, or the process ends saying why: a setting that does not read, or in production
 * a fatal check of the doctor's failing (settings and this machine; the same lines it prints).
 */
async function startingConfig(): Promise<Config> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // eslint-disable-next-line no-console -- a configuration error stops start-up before any logger exists
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const refusals = await startRefusals(config);
  if (refusals.length > 0) {
    // eslint-disable-next-line no-console -- said before any logger exists, whatever LOG_LEVEL says
    console.error(`Refusing to start in production:\n${refusals.join('\n')}`);
    process.exit(1);
  }
  return config;
}

/**
 * On a PGlite directory, the local channel the operator command line uses while this process
 * holds the directory (ops-cli/local-channel.ts); none on PostgreSQL, where the command line
 * opens the database beside the running instances.
 */
async function localChannelFor(
  container: ServerContainer,
  databaseUrl: string | undefined,
  dataDir: string,
  app: FastifyInstance,
): Promise<LocalChannel | undefined> {
  const directory = databaseUrl ? undefined : dataDirPath(dataDir);
  if (directory === undefined) return undefined;
  try {
    return await openLocalChannel(container, directory, (error, message) =>
      app.log.error({ err: error }, message),
    );
  } catch (error) {
    // The server still serves; the command line then waits for its lock and says so.
    app.log.warn(
      { err: error },
      'ops: no local channel, the command line cannot reach this server',
    );
    return undefined;
  }
}

function onLockWait(pid: number | undefined): void {
  // eslint-disable-next-line no-console -- said before any logger exists, whatever LOG_LEVEL says
  console.error(`Waiting for the database lock held by ${pid ? `pid ${pid}` : 'another process'}`);
}

function stopOnSignals(shutdown: (reason: string) => void): void {
  // Every signal is handled (a repeat is ignored): none may end the process mid-drain.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Started by the development launcher over IPC: when it is gone, even SIGKILLed, stop too
  // rather than live on as an orphan; gone already while this one was starting (opening the
  // database, waiting for its lock), it disconnected before anyone listened.
  if (process.send === undefined) return;
  process.on('disconnect', () => shutdown('launcher gone'));
  if (!process.connected) shutdown('launcher gone');
}

/** PUBLIC_URL as a browser opens it, with the port taken when it asked for any free one (0). */
function browserAddress(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  if (url.port === '0') url.port = String(port);
  return url.href.replace(/\/+$/, '');
}

/**
 * The drain: stop listening (Node closes idle keep-alive sockets, Fastify answers 503 to requests
 * arriving on busy ones), wait for in-flight requests up to graceMs, then cut what is left, close
 * the database and exit: 0 when everything finished, 1 when requests had to be cut.
 */
function gracefulShutdown(
  app: FastifyInstance,
  sideApps: readonly FastifyInstance[],
  container: ServerContainer,
  { shutdownGraceMs: graceMs, shutdownDelayMs: delayMs }: Config,
  channel: LocalChannel | undefined,
): (reason: string) => void {
  let closing = false;
  let cut = false;
  // A keep-alive socket whose in-flight request finishes during the drain is closed with it,
  // instead of idling until its keep-alive timeout and holding the close up.
  // A callback hook, not an async one: every answer passes through it, and a promise per answer
  // would cost more than the check.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });

  const drain = async (): Promise<void> => {
    // Readiness answers 503 while the listeners still accept: a load balancer polling it stops
    // sending here before connections are refused (SHUTDOWN_DELAY_MS, 0 by default).
    if (delayMs > 0) {
      app.log.info(`shutdown: ready answers 503, closing the listeners in ${delayMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    // No new job run starts; the one in progress finishes beside the requests, within the grace.
    const jobsStopped = container.scheduler.stop();
    const grace = setTimeout(() => {
      cut = true;
      app.log.warn(`shutdown: grace period of ${graceMs} ms over, closing open connections`);
      app.server.closeAllConnections();
    }, graceMs);
    try {
      await app.close();
    } finally {
      clearTimeout(grace);
    }
    for (const side of sideApps) await side.close();
    await channel?.close();
    await jobsStopped;
    await container.close();
    // The spans of the drain's last requests are sent before the process ends.
    await stopTracing();
  };

  return (reason) => {
    if (closing) {
      app.log.info(`${reason} received: already closing, the drain goes on`);
      return;
    }
    closing = true;
    readinessOf(container).drain();
    app.log.info(`${reason} received: closing`);
    // Should the database never answer its close, the process still ends.
    setTimeout(
      () => {
        app.log.error('shutdown: the database did not close in time');
        process.exit(1);
      },
      delayMs + graceMs + CLOSE_DATABASE_MS,
    ).unref();
    drain().then(
      () => process.exit(cut ? 1 : 0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
}

main().catch((error: unknown) => {
  // eslint-disable-next-line no-console -- start-up may fail before the app and its logger exist
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
