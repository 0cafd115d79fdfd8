import { type Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { pulled } from './cursor-batches';

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
 * The CSV `COPY (query) TO STDOUT (FORMAT csv)` writes, as it arrives, in the chunks the server
 * sends: a chunk is read from the socket only once the consumer has taken the one before, so the
 * server waits on TCP's backpressure and memory stays flat whatever the size. `$n` in `query`
 * are read from session settings set with bind parameters first, so no value is ever spliced
 * into the SQL text. A consumer that stops early (`return()`) cancels the COPY, and the
 * connection is closed before `return()` settles.
 */
export function copyCsvOut(
  connection: CopyOutConnection,
  query: string,
  params: unknown[],
): AsyncGenerator<Buffer> {
  return pulled<Buffer>(async (give) => {
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
      await new Promise<void>((resolve, reject) => {
        let stopped = false;
        stream.on('data', (chunk: Buffer) => {
          // After a stop, what the server sent before the cancel reached it is read and dropped.
          if (stopped) return;
          stream.pause();
          give(chunk).then((more) => {
            if (!more) {
              stopped = true;
              connection.cancel(pid).catch(reject);
            }
            stream.resume();
          }, reject);
        });
        stream.on('end', resolve);
        stream.on('error', (error: Error & { code?: string }) =>
          stopped && error.code === QUERY_CANCELED ? resolve() : reject(error),
        );
      });
    } finally {
      await client.end().catch(() => undefined);
    }
  });
}
