import { type Database } from '../postgres/database';

/**
 * The in-memory container's `db`: there is no SQL database behind it, but the health route pings
 * `container.db` with `SELECT 1` and reports its kind. That ping is all it answers; any other
 * statement throws, so code that still reaches for SQL fails loudly instead of silently.
 */
export class SqlFreeDatabase implements Database {
  // Database.kind names the two SQL drivers only; the health answer should say what really
  // serves the data, so the value is 'memory' despite the declared type.
  readonly kind = 'memory' as unknown as Database['kind'];

  async query<R>(text: string): Promise<R[]> {
    if (/^\s*select\s+1\s*;?\s*$/i.test(text)) return [{ '?column?': 1 } as R];
    throw new Error(`the in-memory container runs no SQL: ${text.slice(0, 60)}`);
  }

  async exec(script: string): Promise<void> {
    throw new Error(`the in-memory container runs no SQL: ${script.slice(0, 60)}`);
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async close(): Promise<void> {}
}
