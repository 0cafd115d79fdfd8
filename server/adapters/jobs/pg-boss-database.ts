import { type Database } from '../postgres/database';

/** What pg-boss asks of a database it does not open itself (its `db` option). */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * pg-boss's statements over the portal's Database (PostgreSQL or PGlite). Its scripts (schema,
 * migrations, maintenance) come as `BEGIN; ...; COMMIT;`: their body runs as several statements
 * in one of our transactions, which rolls back on failure, so neither a pooled connection nor
 * PGlite's only one is ever left inside an aborted transaction. Every other statement is one
 * query with its parameters.
 */
export function pgBossDatabase(db: Database): PgBossDb {
  return {
    async executeSql(text, values) {
      const script = values === undefined || values.length === 0 ? SCRIPT.exec(text) : null;
      if (script) {
        await db.transaction((tx) => tx.exec(script[1] ?? ''));
        return { rows: [] };
      }
      return { rows: await db.query(text, values ?? []) };
    },
  };
}
