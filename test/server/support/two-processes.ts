import { createScratchDatabase, type ScratchDatabase } from '../../../scripts/support/databases';
import { type ServerProcess, startServerProcess } from './server-process';

export interface TwoProcesses {
  /** The two servers, started by the suite's beforeAll. */
  readonly servers: ServerProcess[];
  /** The database both use. */
  databaseUrl(): string;
}

/**
 * For a suite: before it, two server processes (server/main.ts) over one new PostgreSQL
 * database copied from the migrated template, with `env` over the defaults (no reconciliation,
 * no per-address limit), started side by side (each finds the migrations applied; two processes
 * migrating at once are tested with the migrations); after it, both stopped and the database
 * dropped.
 */
export function twoServerProcesses(env: NodeJS.ProcessEnv): TwoProcesses {
  let scratch: ScratchDatabase | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase({ migrated: true });
    const settings = {
      DATABASE_URL: scratch.url,
      RATE_LIMIT_PER_MINUTE: '100000',
      RECONCILE_INTERVAL_S: '0',
      ...env,
    };
    const started = await Promise.allSettled([
      startServerProcess(settings),
      startServerProcess(settings),
    ]);
    for (const result of started) {
      if (result.status === 'fulfilled') servers.push(result.value);
    }
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    await scratch?.drop();
  });
  return {
    servers,
    databaseUrl: () => {
      if (!scratch) throw new Error('the scratch database is made before the suite');
      return scratch.url;
    },
  };
}
