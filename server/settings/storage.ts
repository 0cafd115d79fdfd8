import { type EnvReader } from './env-reader';

/** Where the data lives, and what the instances share. */
export interface StorageSettings {
  /** PGlite's directory when no DATABASE_URL is set (DATA_DIR). */
  dataDir: string;
  databaseUrl?: string;
  /**
   * Redis shared by the instances (REDIS_URL): cache invalidations (else PostgreSQL LISTEN/NOTIFY)
   * and the per-address request budgets (else each process counts in memory).
   */
  redisUrl?: string;
  /** How long sessions and members stay cached in memory (READ_CACHE_TTL_MS); 0 = no cache. */
  readCacheTtlMs: number;
}

export function loadStorage(read: EnvReader): StorageSettings {
  const databaseUrl = read.text('DATABASE_URL', '') || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    read.problems.push('DATABASE_URL: must start with postgres:// or postgresql://');
  }
  const redisUrl = read.text('REDIS_URL', '') || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    read.problems.push('REDIS_URL: must start with redis:// or rediss://');
  }
  return {
    dataDir: read.text('DATA_DIR', './data'),
    databaseUrl,
    redisUrl,
    readCacheTtlMs: read.integer('READ_CACHE_TTL_MS', 30_000, 0, 60_000),
  };
}
