import { type Readable } from 'node:stream';
import { type Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * How long one COPY may run in all: a million rows take seconds, so this only lets go of a
 * reader that stalled. The pool's own limits (a statement of 5 s, an answer within 6 s) would
 * cut any large export short, which is why the COPY runs on a connection of its own.
 */
const COPY_STATEMENT_TIMEOUT = '10min';

/** The custom settings that carry the query's parameters (COPY takes no bind parameters). */
const parameterSetting = (n: number) => `portal_export.p${n}`;

/** The cancellation SQLSTATE the server answers a cancelled COPY with. */
const QUERY_CANCELED = '57014';

export interface CopyOutConnection {
  /** A new client, not yet connected, outside the pool. */
  open(): Client;
  /** Cancels what backend `pid` is running, from another connection. */
  cancel(pid: number): Promise<void>;
}

/**
 * The CSV `COPY (query) TO STDOUT (FORMAT csv)` writes, as it arrives: the socket is read only
 * as the consumer takes the chunks (at most the stream's 16 KiB ahead), so the server waits on
 * TCP's backpressure and memory stays flat whatever the size. `$n` in `query`
 * are read from session settings set with bind parameters first, so no value is ever spliced
 * into the SQL text. A consumer that stops early (`return()`) cancels the COPY, and the
 * connection is closed before `return()` settles.
 */
export async function* copyCsvOut(
  connection: CopyOutConnection,
  query: string,
  params: unknown[],
): AsyncGenerator<Buffer> {
  const client = connection.open();
  await client.connect();
  try {
    const [{ pid }] = (
      await client.query<{ pid: number }>(
        `SELECT pg_backend_pid() AS pid ${params
          .map((_, i) => `, set_config('${parameterSetting(i + 1)}', $${i + 1}::text, false)`)
          .join('')}`,
        params,
      )
    ).rows;
    await client.query(
      `SET statement_timeout = '${COPY_STATEMENT_TIMEOUT}'; SET default_transaction_read_only = on`,
    );
    const sql = query.replace(
      /\$(\d+)/g,
      (_, n: string) => `current_setting('${parameterSetting(Number(n))}')`,
    );
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT (FORMAT csv)`));
    // Not destroyed when the consumer stops: the COPY is cancelled and its end read instead, so
    // the connection closes cleanly.
    const chunks = stream.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
    let ended = false;
    try {
      for await (const chunk of chunks) yield chunk;
      ended = true;
    } finally {
      // A COPY that failed (its stream destroyed) has nothing left to cancel.
      if (!ended && !stream.destroyed) await cancelled(stream, () => connection.cancel(pid));
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Cancels a COPY the consumer stopped reading, and reads (dropping it) what was on its way. */
async function cancelled(stream: Readable, cancel: () => Promise<void>): Promise<void> {
  const over = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', (error: Error & { code?: string }) =>
      error.code === QUERY_CANCELED ? resolve() : reject(error),
    );
  });
  await cancel();
  stream.resume();
  await over;
}
