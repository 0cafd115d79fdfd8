import { type Config } from '../../../server/config';
import { createScratchDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { FakeClock } from '../../fakes/fake-clock';
import { type InstanceOptions, startInstance, type TestApp } from './test-app';

export { startInstance };
export type { InstanceOptions };

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
  const scratch = await createScratchDatabase({ migrated: true });
  const clock = opts.clock ?? new FakeClock();
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
