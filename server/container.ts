import { type Config } from './config';
import { CryptoRandom } from './adapters/crypto-random.adapter';
import { opsAdaptersFor } from './wiring/ops';
import { cacheReads } from './adapters/caching/read-caching';
import { paymentGatewayFor } from './adapters/gateways/payment-gateway.factory';
import { Argon2PasswordHasher } from './adapters/hashing/argon2-password-hasher.adapter';
import { InMemoryGatewayStatusClient } from './adapters/in-memory/in-memory-gateway-status-client.adapter';
import { inMemoryStoresOver } from './adapters/in-memory/in-memory-stores';
import { InMemoryTables } from './adapters/in-memory/in-memory-tables';
import { RecordingSmsSender } from './adapters/in-memory/recording-sms-sender.adapter';
import { SqlFreeDatabase } from './adapters/in-memory/sql-free-database';
import { ForwardingLogger } from './adapters/logging/forwarding-logger.adapter';
import { PortalMetrics } from './adapters/metrics/portal-metrics';
import {
  gatewaySignerFor,
  previousGatewaySecretCounter,
} from './adapters/payments/hmac-sha256-payment-signer.adapter';
import { HttpGatewayStatusClient } from './adapters/payments/http-gateway-status-client.adapter';
import { WorkerPoolReceiptRenderer } from './adapters/pdf/worker-pool-receipt-renderer.adapter';
import { type ReceiptRenderer } from './ports/receipt-renderer.port';
import {
  type Database,
  openDatabase,
  type OpenDatabaseOptions,
} from './adapters/postgres/database';
import { migrate } from './adapters/postgres/migrate';
import { postgresStoresOver } from './adapters/postgres/postgres-stores';
import { ConsoleSmsSender, EmptySmsOutbox } from './adapters/sms/console-sms-sender.adapter';
import { realSmsSender } from './adapters/sms/real-sms-sender';
import { SystemClock } from '../src/contract/clock';
import { type Scheduler } from './ports/scheduler.port';
import { inMemoryJobs, pgBossJobs } from './wiring/scheduled-jobs';
import { type ContainerOverrides, type ServerAdapters } from './wiring/server-adapters';
import { type ServerUseCases, wireUseCases } from './wiring/use-cases';

export {
  type ContainerOverrides,
  type ServerAdapters,
  type ServerStores,
} from './wiring/server-adapters';
export { type ServerUseCases } from './wiring/use-cases';

/**
 * The server's composition root: adapters and use cases in a plain typed object. createContainer
 * serves them from PostgreSQL or PGlite (opening the database also applies pending migrations,
 * so a container is always ready to serve); createInMemoryContainer from memory (tests).
 */
export interface ServerContainer extends ServerAdapters, ServerUseCases {
  config: Config;
  /**
   * Where the container's own warnings go (payment reconciliation, cache invalidation): the
   * server's pino logger once an app is built over the container (buildApp attaches it).
   */
  log: ForwardingLogger;
  /** Prometheus metrics of this container (served by main on METRICS_PORT). */
  metrics: PortalMetrics;
  /** The recurring jobs (wiring/scheduled-jobs.ts): main starts them, close() stops them. */
  scheduler: Scheduler;
  close(): Promise<void>;
}

export async function createContainer(
  config: Config,
  overrides: Partial<ContainerOverrides> = {},
  opening: DataDirLockWait = {},
): Promise<ServerContainer> {
  // metrics: the ports below are wrapped so that the use cases know nothing of the counting.
  const metrics = new PortalMetrics();
  const db = await openMigrated(config, metrics, overrides.db, opening);

  const clock = overrides.clock ?? new SystemClock();
  const random = overrides.random ?? new CryptoRandom();
  const hasher = overrides.hasher ?? new Argon2PasswordHasher();
  // A silent log level (tests) also keeps codes out of the console; the outbox still has them.
  const smsLog = config.logLevel === 'silent' ? () => undefined : undefined;
  const consoleSender =
    config.smsProvider === 'console' ? new ConsoleSmsSender(clock, smsLog) : undefined;
  const smsSender = overrides.smsSender ?? consoleSender ?? realSmsSender(config);
  const smsOutbox = overrides.smsOutbox ?? consoleSender ?? new EmptySmsOutbox();

  // payments: URLs are read per use (config.publicUrl may be set after listen, as in tests).
  const stores = postgresStoresOver(db);
  const paymentSigner = gatewaySignerFor(config, previousGatewaySecretCounter(metrics.registry));
  const gatewayStatusClient = new HttpGatewayStatusClient(() => config.gatewayStatusUrl);

  // Receipts are drawn on worker threads, off the event loop; close() ends them.
  const receiptRenderer = new WorkerPoolReceiptRenderer();

  const adapters: ServerAdapters = {
    db,
    clock,
    random,
    hasher,
    smsSender: metrics.meterSmsSender(smsSender),
    smsOutbox,
    smsSendWaits: config.smsProvider === 'console' || overrides.smsSender !== undefined,
    ...stores,
    transactions: metrics.meterTransactionStore(stores.transactions),
    paymentSigner,
    gatewayStatusClient,
    paymentGateway: metrics.meterPaymentGateway(
      paymentGatewayFor(config, paymentSigner, clock, gatewayStatusClient),
    ),
    receiptRenderer,
    ...opsAdaptersFor(config),
  };
  // Sessions, members and final payments read from memory, invalidated across instances.
  const log = new ForwardingLogger();
  const caching = await cacheReads(adapters, config, (error) =>
    log.warn({ err: error }, 'cache invalidation failed'),
  );
  const useCases = wireUseCases(
    { ...caching.adapters, secondFactorLocks: metrics.secondFactorLocks },
    config,
    log,
  );
  const scheduler = pgBossJobs(db, { config, clock, metrics, log, useCases });
  return {
    config,
    log,
    metrics,
    scheduler,
    ...caching.adapters,
    ...useCases,
    async close() {
      // A job run in progress, and the SMS this instance sends behind its answers, finish (within
      // the grace period, a send within its timeout) before the database closes.
      await Promise.all([scheduler.stop(), useCases.smsSendQueue.idle()]);
      // The sessions' uses still held in memory are written before the database closes.
      await useCases.authenticateSession
        .close()
        .catch((error: unknown) =>
          log.warn({ err: error }, 'sessions: recording their use failed'),
        );
      await caching.close();
      await receiptRenderer.close();
      // Closing a database the caller handed in is the caller's business.
      if (!overrides.db) await db.close();
    },
  };
}

/** How long opening a PGlite directory waits for another process's lock, and whom it tells. */
export type DataDirLockWait = Pick<OpenDatabaseOptions, 'lockWaitMs' | 'onLockWait'>;

/**
 * The database (the one handed in, or PostgreSQL or PGlite as configured), counted by the
 * metrics, with pending migrations applied; one this opened is closed again if they fail.
 */
async function openMigrated(
  config: Config,
  metrics: PortalMetrics,
  given: Database | undefined,
  opening: DataDirLockWait,
): Promise<Database> {
  const db = metrics.meterDatabase(
    given ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        onConnectionError: () => metrics.databaseConnectionsLost.inc(),
        ...opening,
      })),
  );
  try {
    await migrate(db);
  } catch (error) {
    if (!given) await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

/** What createInMemoryContainer lets a test replace; the rest defaults to fresh in-memory fakes. */
export interface InMemoryContainerOverrides extends Partial<ServerAdapters> {
  /** The shared state of the in-memory stores (to share it between containers or inspect it). */
  tables: InMemoryTables;
}

export interface InMemoryServerContainer extends ServerContainer {
  tables: InMemoryTables;
}

/**
 * The whole server on in-memory adapters: no database, no SMS provider, no network. Stores share
 * one InMemoryTables; SMS codes go to a RecordingSmsSender (also the dev outbox); the payment
 * gateway is the one GATEWAY names (the sandbox adapter by default) over an in-memory status
 * endpoint that knows no payment until told, or the `paymentGateway` given (for example an
 * InMemoryPaymentGateway). Any adapter can be replaced; use cases are wired exactly as in
 * createContainer. The unit of work's guarantees are in InMemoryUnitOfWork.
 */
export function createInMemoryContainer(
  config: Config,
  overrides: Partial<InMemoryContainerOverrides> = {},
): InMemoryServerContainer {
  const { tables: givenTables, ...adapterOverrides } = overrides;
  const tables = givenTables ?? new InMemoryTables();
  const clock = overrides.clock ?? new SystemClock();
  const recorder = new RecordingSmsSender(clock);
  // Counted here: HTTP requests, job runs and messages on the previous gateway secret (the
  // other ports are the tests' fakes, left unwrapped).
  const metrics = new PortalMetrics();
  const paymentSigner =
    overrides.paymentSigner ??
    gatewaySignerFor(config, previousGatewaySecretCounter(metrics.registry));
  const gatewayStatusClient = overrides.gatewayStatusClient ?? new InMemoryGatewayStatusClient();
  const renderer = ownedRenderer(overrides.receiptRenderer);
  const adapters: ServerAdapters = {
    db: new SqlFreeDatabase(),
    random: new CryptoRandom(),
    hasher: new Argon2PasswordHasher(),
    smsSender: recorder,
    smsOutbox: recorder,
    // Its senders are in-process (the recorder, a test's fake): a request waits for its SMS.
    smsSendWaits: true,
    ...inMemoryStoresOver(tables),
    paymentSigner,
    gatewayStatusClient,
    paymentGateway: paymentGatewayFor(config, paymentSigner, clock, gatewayStatusClient),
    receiptRenderer: renderer.receiptRenderer,
    ...opsAdaptersFor(config),
    ...withoutUndefined(adapterOverrides),
    clock,
  };
  const log = new ForwardingLogger();
  const useCases = wireUseCases(
    { ...adapters, secondFactorLocks: metrics.secondFactorLocks },
    config,
    log,
  );
  const scheduler = inMemoryJobs(tables, { config, clock, metrics, log, useCases });
  return {
    config,
    tables,
    log,
    metrics,
    scheduler,
    ...adapters,
    ...useCases,
    async close() {
      await scheduler.stop();
      await renderer.close();
    },
  };
}

/**
 * The renderer a test handed in, which stays the test's to close, or one of the container's own
 * (as in createContainer), closed with it.
 */
function ownedRenderer(given: ReceiptRenderer | undefined): {
  receiptRenderer: ReceiptRenderer;
  close(): Promise<void>;
} {
  if (given !== undefined) return { receiptRenderer: given, close: async () => undefined };
  const own = new WorkerPoolReceiptRenderer();
  return { receiptRenderer: own, close: () => own.close() };
}

/** Overrides given as `undefined` keep the default instead of erasing it. */
function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
