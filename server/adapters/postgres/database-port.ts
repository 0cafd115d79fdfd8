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
  /**
   * PostgreSQL only: the CSV that `COPY (query) TO STDOUT` writes, read as it is taken, on a
   * connection outside the pool (copy-out.ts); `$n` in `query` are `params`.
   */
  copyCsvOut?(query: string, params: unknown[]): AsyncGenerator<Buffer>;
  /** PostgreSQL only: the pool's connections now (read by the metrics on each scrape). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens (its cap); PGlite's one connection gives none. */
  max?: number;
}
