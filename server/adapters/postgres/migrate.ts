import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Database } from './database';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Arbitrary constant key for pg_advisory_xact_lock: "member portal migrations". */
const MIGRATION_LOCK_KEY = 7_311_642_001;

/**
 * Applies `NNN_name.sql` files in name order, each in its own transaction, recording them in
 * `schema_migrations`. On real PostgreSQL each step holds a transaction-scoped advisory lock and
 * re-checks what is applied, so two processes starting together never apply a file twice.
 * Returns the names applied by this call (empty when already up to date).
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
    const didApply = await db.transaction(async (tx) => {
      await lock(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}

async function lock(tx: Database): Promise<void> {
  if (tx.kind === 'postgres') {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  }
}
