import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { rethrow } from './database-errors';
import { type Database } from './database-port';
import { createDataDirApart } from './pglite-init';
import { acquireDataDirLock, dataDirPath, type DataDirLock } from './pglite-lock';
import { PGLITE_START_PARAMS } from './pglite-settings';

/** PGlite's part of OpenDatabaseOptions (database.ts). */
export interface PgliteOptions {
  dataDir: string;
  pgliteImage?: Blob;
  lockWaitMs?: number;
  onLockWait?: (pid: number | undefined) => void;
}

/** Opens PGlite in its directory (created when new) under the directory's lock, or in memory. */
export async function openPglite(opts: PgliteOptions): Promise<Database> {
  // Two processes never open one directory: this one holds its lock until close().
  const directory = dataDirPath(opts.dataDir);
  const lock =
    directory === undefined
      ? undefined
      : await acquireDataDirLock(directory, { waitMs: opts.lockWaitMs, onWait: opts.onLockWait });
  try {
    if (opts.pgliteImage === undefined) {
      await createDataDirApart(opts.dataDir, PGLITE_START_PARAMS);
    }
    const pglite = await PGlite.create(opts.dataDir, {
      startParams: [...PGLITE_START_PARAMS],
      loadDataDir: opts.pgliteImage,
    });
    return new PGliteDatabase(pglite, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * PGlite is one connection: it queues queries and runs one transaction at a time, which also
 * serialises concurrent code uses and registrations (the postgres path relies on row locks).
 */
class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const;

  constructor(
    private readonly pglite: PGlite,
    private readonly lock: DataDirLock | undefined,
  ) {}

  async dumpDataDir(): Promise<Blob> {
    return this.pglite.dumpDataDir('none');
  }

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.pglite.query<R>(text, params).catch(rethrow);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.pglite.exec(script).catch(rethrow);
  }

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    const unlisten = await this.pglite.listen(channel, onPayload).catch(rethrow);
    return () => unlisten();
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => fn(new PGliteTransactionDatabase(tx))).catch(rethrow);
  }

  async close(): Promise<void> {
    try {
      await this.pglite.close();
    } finally {
      this.lock?.release();
    }
  }
}

class PGliteTransactionDatabase implements Database {
  readonly kind = 'pglite' as const;

  constructor(private readonly tx: PGliteTransaction) {}

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.tx.query<R>(text, params).catch(rethrow);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.tx.exec(script).catch(rethrow);
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async close(): Promise<void> {
    throw new Error('close() is not available inside a transaction');
  }
}
