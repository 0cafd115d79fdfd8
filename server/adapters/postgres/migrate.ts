import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Database } from './database';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Arbitrary constant key for the advisory lock: "member portal migrations". */
export const MIGRATION_LOCK_KEY = 7_311_642_001;
/** Between two tries for the lock another process holds (it is applying a file). */
const LOCK_RETRY_MS = 100;

/**
 * A migration file that failed: refused by the database, it was rolled back as a whole (its
 * transaction), so the schema is the one before it, and the files after it were not tried. Says
 * which file, and why, in one line: the database's message, its SQLSTATE and the line of the file
 * it points at.
 */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly reason: string,
    rolledBack: boolean,
    cause: unknown,
  ) {
    const outcome = rolledBack ? 'failed and was rolled back' : 'did not complete';
    super(`migration ${migration} ${outcome}: ${reason}`, { cause });
    this.name = 'MigrationError';
  }
}

/**
 * Applies `NNN_name.sql` files in name order, each in its own transaction, recording them in
 * `schema_migrations`. On real PostgreSQL each step holds a transaction-scoped advisory lock and
 * re-checks what is applied, so two processes starting together never apply a file twice.
 * Returns the names applied by this call (empty when already up to date); a file that fails
 * stops it with a MigrationError naming that file.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort();

  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  });

  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    const didApply = await db
      .transaction(async (tx) => {
        await lock(tx);
        const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
        if (done.length > 0) return false;
        await tx.exec(sql);
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        return true;
      })
      .catch((error: unknown) => {
        const { reason, rolledBack } = failureOf(error, sql);
        throw new MigrationError(name, reason, rolledBack, error);
      });
    if (didApply) applied.push(name);
  }
  return applied;
}

/**
 * Waits for the lock by trying it again and again rather than in one blocking statement: another
 * process may hold it for as long as one of its files takes, longer than the statement timeout
 * that would cancel a blocking wait (and fail this start for no fault of its own).
 */
async function lock(tx: Database): Promise<void> {
  if (tx.kind !== 'postgres') return;
  for (;;) {
    const [row] = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS locked',
      [MIGRATION_LOCK_KEY],
    );
    if (row?.locked === true) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

interface DriverError {
  message?: unknown;
  code?: unknown;
  position?: unknown;
  detail?: unknown;
  hint?: unknown;
  cause?: unknown;
}

/**
 * The database's own words for a failure: the innermost error of the chain (a lost connection or
 * a timeout is wrapped as "database unavailable", whose cause says what happened), with its
 * SQLSTATE, detail, hint and the line of the file its position points at. Rolled back when the
 * server itself refused (a SQLSTATE other than a lost connection's): with the connection gone,
 * whether its commit arrived is unknown until the next start reads schema_migrations again.
 */
function failureOf(error: unknown, sql: string): { reason: string; rolledBack: boolean } {
  let inner: DriverError = typeof error === 'object' && error !== null ? error : {};
  while (typeof inner.cause === 'object' && inner.cause !== null) {
    inner = inner.cause as DriverError;
  }
  const code = typeof inner.code === 'string' ? inner.code : undefined;
  const sqlState = code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  const parts = [typeof inner.message === 'string' ? inner.message : String(error)];
  if (code !== undefined) parts.push(sqlState ? `(SQLSTATE ${sqlState})` : `(${code})`);
  const position = Number(inner.position);
  if (Number.isInteger(position) && position > 0) {
    parts.push(`at line ${sql.slice(0, position - 1).split('\n').length}`);
  }
  if (typeof inner.detail === 'string') parts.push(`- ${inner.detail}`);
  if (typeof inner.hint === 'string') parts.push(`- hint: ${inner.hint}`);
  const rolledBack = sqlState !== undefined && !/^(08|57P)/.test(sqlState);
  return { reason: parts.join(' '), rolledBack };
}
