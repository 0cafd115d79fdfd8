import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { Pool, type PoolClient } from 'pg';
import { createDataDirApart } from './pglite-init';
import {
  DatabaseContentionError,
  DatabaseUnavailableError,
  isConnectionFailure,
  isContention,
} from './database-errors';
import { PGLITE_START_PARAMS } from './pglite-settings';

export {
  DatabaseContentionError,
  DatabaseUnavailableError,
  isConnectionFailure,
  isContention,
  isUniqueViolation,
  violatedConstraint,
} from './database-errors';

/**
 * The one data-access seam: PostgreSQL through `pg` or embedded PGlite, same SQL and migrations.
 * Repositories take a Database (the root one, or the `tx` handed to a transaction callback).
 */
export interface Database {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * PGlite only: LISTEN on its one connection (NOTIFY arrives on commit); returns the unlisten.
   * PostgreSQL listens on a dedicated connection instead (PostgresInvalidationBus).
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: its data directory as a tarball, an image another PGlite can start from. */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections now (read by the metrics on each scrape). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite directory; `memory://` gives an in-memory database (tests). */
  dataDir: string;
  /** Gives up on opening a connection after this long (PostgreSQL only). */
  connectTimeoutMs?: number;
  /** The server cancels a statement running longer than this (PostgreSQL only). */
  statementTimeoutMs?: number;
  /** Told about connections lost outside any request (an idle pooled client), for the log. */
  onConnectionError?: (error: Error) => void;
  /**
   * A PGlite data directory to start from (a `dumpDataDir` tarball) instead of running initdb:
   * tests start each in-memory database from one image, migrated once.
   */
  pgliteImage?: Blob;
}

/** Defaults short enough that a partition answers 503 within seconds instead of hanging. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** How many times a transaction aborted by a deadlock or serialisation failure is run in all. */
export const TRANSACTION_ATTEMPTS = 4;
const RETRY_PAUSE_MS = 20;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rethrows a connection failure as DatabaseUnavailableError; anything else unchanged. */
function rethrow(error: unknown): never {
  throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // Server side: a statement (or a lock wait) past this is cancelled...
      statement_timeout: statementTimeoutMs,
      // ...and client side: a query whose answer never comes (a silent partition) is abandoned.
      query_timeout: statementTimeoutMs + 1000,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
      keepAlive: true,
    });
    // A client whose backend dies emits 'error', possibly more than once and at moments when the
    // pool has no listener on it (between a failed query and its removal): without a listener of
    // our own on every client, that event ends the process. The failing query still rejects, and
    // the pool drops the broken client and reconnects on the next request.
    const reportLost = (error: Error): void => opts.onConnectionError?.(error);
    pool.on('connect', (client) => client.on('error', reportLost));
    pool.on('error', reportLost);
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PgPoolDatabase(pool);
  }
  if (opts.pgliteImage === undefined) await createDataDirApart(opts.dataDir, PGLITE_START_PARAMS);
  const pglite = await PGlite.create(opts.dataDir, {
    startParams: [...PGLITE_START_PARAMS],
    loadDataDir: opts.pgliteImage,
  });
  return new PGliteDatabase(pglite);
}

/**
 * Runs one `DELETE` statement and returns how many rows it removed (both drivers, without
 * fetching the rows): the statement is wrapped as `WITH gone AS (... RETURNING 1) SELECT count`.
 */
export async function deleteBatch(
  db: Database,
  deleteSql: string,
  params: unknown[],
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (${deleteSql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/** What a pool and a checked-out client share: statements, with a lost connection rethrown. */
abstract class PgStatements {
  readonly kind = 'postgres' as const;

  constructor(private readonly target: Pool | PoolClient) {}

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    // pool.query listens for a lost connection on the client it borrows, so no crash here.
    const result = await this.target.query(text, params).catch(rethrow);
    return result.rows as R[];
  }

  async exec(script: string): Promise<void> {
    // Without parameters pg uses the simple query protocol, which takes several statements.
    await this.target.query(script).catch(rethrow);
  }
}

class PgPoolDatabase extends PgStatements implements Database {
  constructor(private readonly pool: Pool) {
    super(pool);
  }

  /**
   * Runs `fn` in a transaction, run again from the start (at most TRANSACTION_ATTEMPTS times in
   * all, after a short random pause) when the server broke a deadlock or a serialisation conflict
   * by aborting it: the callbacks only read and write the database, so a second run is a clean
   * one. Still colliding after that, it fails with DatabaseContentionError (a coded 503).
   */
  async transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.transactionOnce(fn);
      } catch (error) {
        if (!isContention(error)) throw error;
        if (attempt >= TRANSACTION_ATTEMPTS) throw new DatabaseContentionError(error);
        await sleep(Math.random() * RETRY_PAUSE_MS * attempt);
      }
    }
  }

  private async transactionOnce<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch(rethrow);
    // A checked-out client emits 'error' when its backend dies (a restart, a failover, an
    // idle-session kill); without a listener that event would end the process.
    let lost: Error | undefined;
    const onError = (error: Error): void => {
      lost = error;
    };
    client.on('error', onError);
    let broken = false;
    try {
      await client.query('BEGIN');
      const value = await fn(new PgClientTransaction(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      broken = lost !== undefined || isConnectionFailure(error);
      if (!broken) await client.query('ROLLBACK').catch(() => undefined);
      return rethrow(lost ?? error);
    } finally {
      client.off('error', onError);
      // A broken client is destroyed instead of going back to the pool: also one whose backend
      // announced its end (57P01) before its socket closed, or the next caller would get it.
      client.release(lost ?? (broken ? new Error('connection lost in a transaction') : undefined));
    }
  }

  poolStats(): PoolStats {
    return {
      total: this.pool.totalCount,
      idle: this.pool.idleCount,
      waiting: this.pool.waitingCount,
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Inside a transaction: nested `transaction` calls join the outer one. */
class PgClientTransaction extends PgStatements implements Database {
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async close(): Promise<void> {
    throw new Error('close() is not available inside a transaction');
  }
}

/**
 * PGlite is one connection: it queues queries and runs one transaction at a time, which also
 * serialises concurrent code uses and registrations (the postgres path relies on row locks).
 */
class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const;

  constructor(private readonly pglite: PGlite) {}

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
    await this.pglite.close();
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
