import { type Database } from './database-port';

/** How long the export's transaction may wait, between two batches, for a slow client to read. */
const IDLE_BETWEEN_BATCHES = '60s';

/**
 * Rows of `sql` read through a server-side cursor (DECLARE ... CURSOR, then FETCH `batchSize` at
 * a time) in one read-only transaction on one pooled connection, so a million rows never sit in
 * memory at once. The next FETCH runs only when the consumer asks for the next batch; when the
 * consumer stops early (`return()`), the transaction ends there, which closes the cursor, and the
 * connection goes back to the pool before `return()` settles. PostgreSQL only: on PGlite the one
 * connection would be held for the whole read (use keyset batches there).
 */
export function cursorBatches<R>(
  db: Database,
  sql: string,
  params: unknown[],
  batchSize: number,
): AsyncGenerator<R[]> {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error('batchSize: 1 or more');
  return pulled<R[]>((give) =>
    db.transaction(async (tx) => {
      await tx.exec(
        `SET TRANSACTION READ ONLY; SET LOCAL idle_in_transaction_session_timeout = '${IDLE_BETWEEN_BATCHES}'`,
      );
      await tx.query(`DECLARE batches_cursor NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const rows = await tx.query<R>(`FETCH FORWARD ${batchSize} FROM batches_cursor`);
        if (rows.length > 0 && !(await give(rows))) break;
        if (rows.length < batchSize) break;
      }
      await tx.exec('CLOSE batches_cursor');
    }),
  );
}

/**
 * Turns a producer that pushes items (`give`, which waits until the consumer has taken the item
 * and asked for the next) into an async generator the consumer pulls from. `give` answers false
 * once the consumer has stopped, and the producer should wind up then; the generator's `return()`
 * waits for the producer to finish. A producer's failure is thrown to the consumer.
 */
export async function* pulled<T>(
  produce: (give: (item: T) => Promise<boolean>) => Promise<void>,
): AsyncGenerator<T> {
  const state: {
    offered: { item: T; resume: (more: boolean) => void } | null;
    wake: (() => void) | null;
    finished: boolean;
    failure: { error: unknown } | null;
    stopped: boolean;
  } = { offered: null, wake: null, finished: false, failure: null, stopped: false };
  const wake = (): void => {
    const waiting = state.wake;
    state.wake = null;
    waiting?.();
  };
  const running = produce(
    (item) =>
      new Promise<boolean>((resume) => {
        if (state.stopped) return resume(false);
        state.offered = { item, resume };
        wake();
      }),
  ).then(
    () => {
      state.finished = true;
      wake();
    },
    (error: unknown) => {
      state.failure = { error };
      state.finished = true;
      wake();
    },
  );
  let resumeTaken: ((more: boolean) => void) | null = null;
  try {
    for (;;) {
      if (state.offered === null && !state.finished) {
        await new Promise<void>((resolve) => (state.wake = resolve));
      }
      const offered = state.offered;
      if (offered !== null) {
        state.offered = null;
        resumeTaken = offered.resume;
        yield offered.item;
        resumeTaken = null;
        offered.resume(true);
        continue;
      }
      if (state.failure !== null) throw state.failure.error;
      return;
    }
  } finally {
    state.stopped = true;
    resumeTaken?.(false);
    state.offered?.resume(false);
    await running;
  }
}
