import { type Database, type PoolStats } from '../postgres/database';

/** PGlite is one connection: busy while an operation runs, the others wait. */
export function pgliteStats(inFlight: number): PoolStats {
  return { total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) };
}

/** Counts failed operations and the operations in flight (for the pool gauges). */
export class MeteredDatabase implements Database {
  readonly kind: Database['kind'];
  readonly listen?: Database['listen'];
  readonly poolStats?: Database['poolStats'];
  /** Not metered: a COPY runs outside the pool, on its own connection. */
  readonly copyCsvOut?: Database['copyCsvOut'];
  /** Not metered: a backup's copy of the directory, not a request's statement. */
  readonly dumpDataDir?: Database['dumpDataDir'];

  constructor(
    private readonly inner: Database,
    /** Counts a failed operation. */
    private readonly onError: (error: unknown) => void,
    /** Moves the count of operations in flight by +1 or -1. */
    private readonly track: (delta: number) => void,
  ) {
    this.kind = inner.kind;
    if (inner.listen) this.listen = inner.listen.bind(inner);
    if (inner.poolStats) this.poolStats = inner.poolStats.bind(inner);
    if (inner.copyCsvOut) this.copyCsvOut = inner.copyCsvOut.bind(inner);
    if (inner.dumpDataDir) this.dumpDataDir = inner.dumpDataDir.bind(inner);
  }

  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]> {
    return this.measure(() => this.inner.query<R>(text, params));
  }

  exec(script: string): Promise<void> {
    return this.measure(() => this.inner.exec(script));
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    // A failure inside is counted once, where it leaves the transaction.
    return this.measure(() => this.inner.transaction(fn));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async measure<T>(operation: () => Promise<T>): Promise<T> {
    this.track(1);
    try {
      return await operation();
    } catch (error) {
      this.onError(error);
      throw error;
    } finally {
      this.track(-1);
    }
  }
}
