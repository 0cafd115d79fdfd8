import { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../../server/config';
import {
  type ContainerOverrides,
  createContainer,
  type ServerContainer,
} from '../../../server/container';
import { buildApp } from '../../../server/http/app';
import { openMigratedPglite } from '../../../scripts/support/database-images';
import { createScratchDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { FakeClock } from '../../fakes/fake-clock';

export interface TestApp {
  /** e.g. http://127.0.0.1:41234 (no trailing slash); API paths are under `${baseUrl}/api`. */
  baseUrl: string;
  app: FastifyInstance;
  container: ServerContainer;
  config: Config;
  clock: FakeClock;
  close(): Promise<void>;
}

export interface InstanceOptions {
  /** An existing PostgreSQL database; without it the instance opens an in-memory PGlite of its own. */
  databaseUrl?: string;
  clock?: FakeClock;
  config?: Partial<Config>;
  /** Adapters to replace (a counting hasher, one SMS sender shared by several instances...). */
  overrides?: Partial<Omit<ContainerOverrides, 'clock'>>;
  /** Capture the app's request logs (e.g. to prove secrets are redacted). */
  logStream?: NodeJS.WritableStream;
  /** Serve this directory as the built SPA instead of dist/. */
  distDir?: string;
}

/**
 * One server process's worth of app (its own container, pool, caches and rate-limit memory) on
 * 127.0.0.1, port 0, over a database that already exists, or an in-memory PGlite of its own:
 * what one instance behind a proxy is. close() closes the app and its container but never drops
 * the database. The clock is a FakeClock (given or new) so tests move time instead of waiting.
 */
export async function startInstance(opts: InstanceOptions = {}): Promise<TestApp> {
  const clock = opts.clock ?? new FakeClock();
  const config: Config = {
    ...loadConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }),
    dataDir: 'memory://',
    // One suite fires hundreds of requests from 127.0.0.1 within seconds; the per-address API
    // budget is tested by overriding this, so other suites are not throttled by it.
    rateLimitPerMinute: 100_000,
    ...opts.config,
    databaseUrl: opts.databaseUrl,
  };
  let container: ServerContainer | undefined;
  let app: FastifyInstance | undefined;
  // Without a PostgreSQL database, an in-memory PGlite started from the migrated image.
  const ownDb =
    opts.databaseUrl === undefined && opts.overrides?.db === undefined
      ? await openMigratedPglite()
      : undefined;
  try {
    container = await createContainer(config, {
      ...opts.overrides,
      clock,
      ...(ownDb && { db: ownDb }),
    });
    app = await buildApp(container, config, { logStream: opts.logStream, distDir: opts.distDir });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await container?.close().catch(() => undefined);
    await ownDb?.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  // The real port is only known now; URLs built from config (returnUrl) must use it.
  if (opts.config?.publicUrl === undefined) config.publicUrl = baseUrl;

  const startedApp = app;
  const startedContainer = container;
  let closed = false;
  return {
    baseUrl,
    app: startedApp,
    container: startedContainer,
    config,
    clock,
    async close() {
      if (closed) return;
      closed = true;
      await startedApp.close();
      await startedContainer.close();
      await ownDb?.close();
    },
  };
}

export interface TestAppOptions extends Omit<InstanceOptions, 'databaseUrl'> {
  database: TestDatabase;
}

/**
 * A real server over a fresh database: in-memory PGlite, or a new `t_<random>` database on the
 * local PostgreSQL server that close() drops (a `config.databaseUrl` given is used as it is).
 */
export async function startTestApp(opts: TestAppOptions): Promise<TestApp> {
  const given = opts.config?.databaseUrl;
  const scratch =
    opts.database === 'postgres' && given === undefined
      ? await createScratchDatabase({ migrated: true })
      : undefined;
  let instance: TestApp;
  try {
    instance = await startInstance({ ...opts, databaseUrl: given ?? scratch?.url });
  } catch (error) {
    await scratch?.drop().catch(() => undefined);
    throw error;
  }
  return {
    ...instance,
    async close() {
      await instance.close();
      await scratch?.drop();
    },
  };
}
