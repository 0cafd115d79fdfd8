import { Client, Pool, type PoolClient } from 'pg';
import { type CopyOutConnection, copyCsvOut } from './copy-out';
import {
  DatabaseContentionError,
  isConnectionFailure,
  isContention,
  rethrow,
} from './database-errors';
import { type Database, type PoolStats } from './database-port';
import { openPglite } from './pglite-database';

export type { Database, PoolStats } from './database-port';

export {
  DatabaseContentionError,
  DatabaseUnavailableError,
  isConnectionFailure,
  isContention,
  isUniqueViolation,
  violatedConstraint,
} from './database-errors';

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
  /**
   * PGlite in a directory: how long to wait for another process's lock on it before giving up,
   * and whom to tell, once, that it waits (pglite-lock.ts). By default it does not wait.
   */
  lockWaitMs?: number;
  onLockWait?: (pid: number | undefined) => void;
}

/** Defaults short enough that a partition answers 503 within seconds instead of hanging. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** How many times a transaction aborted by a deadlock or serialisation failure is run in all. */
export const TRANSACTION_ATTEMPTS = 4;
const RETRY_PAUSE_MS = 20;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
    return new PgPoolDatabase(pool, {
      open: () => {
        const client = new Client({
          connectionString: opts.databaseUrl,
          connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          keepAlive: true,
        });
        client.on('error', reportLost);
        return client;
      },
      cancel: async (pid) => {
        await pool.query('SELECT pg_cancel_backend($1)', [pid]);
      },
    });
  }
  return openPglite(opts);
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
  constructor(
    private readonly pool: Pool,
    private readonly copyConnection: CopyOutConnection,
  ) {
    super(pool);
  }

  copyCsvOut(query: string, params: unknown[]): AsyncGenerator<Buffer> {
    return copyCsvOut(this.copyConnection, query, params);
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
      max: this.pool.options.max,
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
