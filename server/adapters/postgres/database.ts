import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { Pool, type PoolClient } from 'pg';

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
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite directory; `memory://` gives an in-memory database (tests). */
  dataDir: string;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    await pool.query('SELECT 1');
    return new PgPoolDatabase(pool);
  }
  const pglite = await PGlite.create(opts.dataDir);
  return new PGliteDatabase(pglite);
}

/** Unique constraint violated (SQLSTATE 23505): both drivers expose `code`. */
export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** The violated constraint's name when the driver reports it, else the error text (PGlite). */
export function violatedConstraint(error: { constraint?: string; message?: string }): string {
  return error.constraint ?? error.message ?? '';
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

class PgPoolDatabase implements Database {
  readonly kind = 'postgres' as const;

  constructor(private readonly pool: Pool) {}

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.pool.query(text, params);
    return result.rows as R[];
  }

  async exec(script: string): Promise<void> {
    // Without parameters pg uses the simple query protocol, which takes several statements.
    await this.pool.query(script);
  }

  async transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const value = await fn(new PgClientTransaction(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Inside a transaction: nested `transaction` calls join the outer one. */
class PgClientTransaction implements Database {
  readonly kind = 'postgres' as const;

  constructor(private readonly client: PoolClient) {}

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.client.query(text, params);
    return result.rows as R[];
  }

  async exec(script: string): Promise<void> {
    await this.client.query(script);
  }

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

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.pglite.query<R>(text, params);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.pglite.exec(script);
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => fn(new PGliteTransactionDatabase(tx)));
  }

  async close(): Promise<void> {
    await this.pglite.close();
  }
}

class PGliteTransactionDatabase implements Database {
  readonly kind = 'pglite' as const;

  constructor(private readonly tx: PGliteTransaction) {}

  async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.tx.query<R>(text, params);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.tx.exec(script);
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async close(): Promise<void> {
    throw new Error('close() is not available inside a transaction');
  }
}
