import { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../../server/config';
import { createContainer, type ServerContainer } from '../../../server/container';
import { buildApp } from '../../../server/http/app';
import { createScratchDatabase, type TestDatabase } from './databases';
import { FixedClock } from './fixed-clock';

export interface TestAppOptions {
  database: TestDatabase;
  config?: Partial<Config>;
  clock?: FixedClock;
  /** Capture the app's request logs (e.g. to prove secrets are redacted). */
  logStream?: NodeJS.WritableStream;
  /** Serve this directory as the built SPA instead of dist/. */
  distDir?: string;
}

export interface TestApp {
  /** e.g. http://127.0.0.1:41234 (no trailing slash); API paths are under `${baseUrl}/api`. */
  baseUrl: string;
  app: FastifyInstance;
  container: ServerContainer;
  config: Config;
  clock: FixedClock;
  close(): Promise<void>;
}

/**
 * A real server on 127.0.0.1, port 0, over a fresh database: in-memory PGlite, or a new
 * `t_<random>` database on the local PostgreSQL server that close() drops.
 * The clock is a FixedClock (given or new) so tests move time instead of waiting.
 */
export async function startTestApp(opts: TestAppOptions): Promise<TestApp> {
  const scratch = opts.database === 'postgres' ? await createScratchDatabase() : undefined;
  const clock = opts.clock ?? new FixedClock();
  const config: Config = {
    ...loadConfig({ APP_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }),
    dataDir: 'memory://',
    databaseUrl: scratch?.url,
    // One suite fires hundreds of requests from 127.0.0.1 within seconds; the per-address API
    // budget is tested by overriding this, so other suites are not throttled by it.
    rateLimitPerMinute: 100_000,
    ...opts.config,
  };
  if (opts.config?.databaseUrl === undefined && scratch) config.databaseUrl = scratch.url;

  let container: ServerContainer | undefined;
  let app: FastifyInstance | undefined;
  try {
    container = await createContainer(config, { clock });
    app = await buildApp(container, config, { logStream: opts.logStream, distDir: opts.distDir });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await container?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  // The real port is only known now; URLs built from config (returnUrl, callbackUrl) must use it.
  // The gateway is another app: a suite that needs it starts the sandbox and sets its URLs.
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
      await scratch?.drop();
    },
  };
}
