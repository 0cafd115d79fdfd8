import { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../../server/config';
import {
  type ContainerOverrides,
  createContainer,
  type ServerContainer,
} from '../../../server/container';
import { buildApp } from '../../../server/http/app';
import { createScratchDatabase, type TestDatabase } from './databases';
import { FixedClock } from './fixed-clock';
import { type TestApp } from './test-app';

export interface InstanceOptions {
  /** An existing PostgreSQL database; without it the instance opens an in-memory PGlite of its own. */
  databaseUrl?: string;
  clock?: FixedClock;
  config?: Partial<Config>;
  /** Adapters to replace (a counting hasher, one SMS sender shared by several instances...). */
  overrides?: Partial<Omit<ContainerOverrides, 'clock'>>;
}

/**
 * One more server process's worth of app (its own container, pool, caches and rate-limit memory)
 * on 127.0.0.1, port 0, over a database that already exists: what a second instance behind a
 * proxy is. close() closes the app and its container but never drops the database.
 */
export async function startInstance(opts: InstanceOptions = {}): Promise<TestApp> {
  const clock = opts.clock ?? new FixedClock();
  const config: Config = {
    ...loadConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }),
    dataDir: 'memory://',
    // As in startTestApp: suites fire many requests from 127.0.0.1; tests of the budget lower it.
    rateLimitPerMinute: 100_000,
    ...opts.config,
    databaseUrl: opts.databaseUrl,
  };
  let container: ServerContainer | undefined;
  let app: FastifyInstance | undefined;
  try {
    container = await createContainer(config, { ...opts.overrides, clock });
    app = await buildApp(container, config);
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await container?.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
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
    },
  };
}

/**
 * A second instance beside `first` (from startTestApp or startInstance): same PostgreSQL
 * database, same clock and settings unless told otherwise. Close it before `first`, whose
 * close() may drop the database.
 */
export function startSecondInstance(
  first: TestApp,
  opts: Omit<InstanceOptions, 'databaseUrl'> = {},
): Promise<TestApp> {
  const databaseUrl = first.config.databaseUrl;
  if (databaseUrl === undefined) {
    throw new Error('a second instance needs PostgreSQL: an in-memory PGlite cannot be shared');
  }
  // Its own address, not the first one's (startInstance sets it once listening).
  const settings: Partial<Config> = { ...first.config };
  delete settings.publicUrl;
  return startInstance({
    clock: first.clock,
    ...opts,
    config: { ...settings, ...opts.config },
    databaseUrl,
  });
}

export interface Instances {
  /** Two instances on PostgreSQL (one scratch database), one on PGlite (it cannot be shared). */
  instances: TestApp[];
  close(): Promise<void>;
}

/**
 * Instances over one fresh database: two on PostgreSQL, sharing a new `t_<random>` database that
 * close() drops; one on PGlite, whose single connection already serialises everything.
 */
export async function startInstances(
  database: TestDatabase,
  opts: Omit<InstanceOptions, 'databaseUrl'> = {},
): Promise<Instances> {
  if (database === 'pglite') {
    const only = await startInstance(opts);
    return { instances: [only], close: () => only.close() };
  }
  const scratch = await createScratchDatabase();
  const clock = opts.clock ?? new FixedClock();
  const started: TestApp[] = [];
  const close = async (): Promise<void> => {
    // Newest first, then the database (dropping it forces any straggling connection off).
    for (const instance of [...started].reverse()) await instance.close().catch(() => undefined);
    await scratch.drop();
  };
  try {
    for (let i = 0; i < 2; i += 1) {
      started.push(await startInstance({ ...opts, clock, databaseUrl: scratch.url }));
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { instances: started, close };
}
