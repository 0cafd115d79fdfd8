import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { buildApp } from './http/app';
import { schedulePurge } from './use-cases/purge-stale-records.use-case';
import { scheduleReconciliation } from './use-cases/reconcile-pending-payments.use-case';

/**
 * Reads config, opens the database (migrating it), builds the app and listens; closes the app
 * then the database on SIGTERM/SIGINT so in-flight requests finish.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.appEnv === 'production' && config.smsProvider === 'console') {
    console.warn('WARNING: SMS_PROVIDER=console in production: codes are only logged, not sent.');
  }
  const container = await createContainer(config);
  const app = await buildApp(container, config);
  // payments: re-query payments left pending (a lost callback) every RECONCILE_INTERVAL_S.
  const stopReconciling = scheduleReconciliation(
    container.reconcilePendingPayments,
    config.reconcileIntervalS * 1000,
    (context, message) => app.log.warn(context, message),
  );
  app.addHook('onClose', async () => stopReconciling());
  // Delete used codes, old throttle records and ended sessions every PURGE_INTERVAL_S.
  const stopPurging = schedulePurge(
    container.purgeStaleRecords,
    config.purgeIntervalS * 1000,
    (context, message) => app.log.warn(context, message),
    (report) => app.log.info({ deleted: report }, 'purged stale records'),
  );
  app.addHook('onClose', async () => stopPurging());

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: closing`);
    // A stuck connection must not keep the process alive forever.
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await app.close();
      await container.close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  console.log(`Member portal listening on http://${config.host}:${port}`);
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
