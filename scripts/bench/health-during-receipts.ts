import autocannon from 'autocannon';
import { ApiPaths } from '../../src/contract/api';
import { start, stop } from './children';
import { load } from './load';
import { CONNECTIONS, type Database, ms, type Row, type Seed, verdict } from './settings';

/** The health check's p99 while receipts are drawn: other members must not wait on the PDFs. */
export const HEALTH_DURING_RECEIPTS_P99_MS = 50;

/** The report's line for the figure below. */
export const HEALTH_DURING_RECEIPTS_ROW = {
  name: `health during ${CONNECTIONS} concurrent receipt PDFs`,
  target: `p99 < ${HEALTH_DURING_RECEIPTS_P99_MS} ms`,
};

/**
 * `npm run bench -- receipts-health [pglite|postgres]`: this figure alone, on a portal seeded as
 * for the others (PGlite in memory here), one database after another.
 */
export async function measureHealthDuringReceipts(
  databases: Database[],
  seconds: number,
  rows: Row[],
): Promise<void> {
  const row: Row = { ...HEALTH_DURING_RECEIPTS_ROW, cells: {} };
  rows.push(row);
  for (const database of databases) {
    const { child, ready } = await start(['--serve', database]);
    try {
      row.cells[database] = await healthDuringReceipts(ready as Seed, seconds);
    } finally {
      await stop(child);
    }
  }
}

/**
 * `/api/health` on one connection, one request at a time, while CONNECTIONS other connections
 * each ask for a receipt PDF of a paid payment (a member apiece, in turn: every seeded paid
 * member) as soon as their previous one arrives, so CONNECTIONS renders are always in flight.
 * Health does one `SELECT 1`: its latency is how long the event loop makes any request wait.
 * Returns the report's cell: health's p50, p99 and highest, the PDFs' rate, and the verdict.
 */
export async function healthDuringReceipts(seed: Seed, seconds: number): Promise<string> {
  const pdf = (i: number) => {
    const [token, id] = seed.paid[i % seed.paid.length];
    return { method: 'GET' as const, path: `/api${ApiPaths.receiptPdf}/${id}/pdf`, token };
  };
  // A second of PDFs first: the renderer starts (and parses its font) outside the measure.
  await load(seed.port, 1, pdf, 0);
  const [receipts, health] = await Promise.all([
    load(seed.port, seconds, pdf, 0),
    autocannon({
      url: `http://127.0.0.1:${seed.port}/api/health`,
      connections: 1,
      pipelining: 1,
      duration: seconds,
    }),
  ]);
  const clean =
    receipts.non2xx === 0 &&
    receipts.errors === 0 &&
    health.non2xx === 0 &&
    health.errors + health.timeouts === 0;
  const answered = health.requests.total;
  const p99 = health.latency.p99;
  // No answer within the measured time has no latency to show: autocannon then reports 0 ms.
  if (answered === 0) return `no health answer in ${seconds} s ${verdict(false)}`;
  return (
    `${answered} health answers: p50 ${ms(health.latency.p50)}, p99 ${ms(p99)}, ` +
    `max ${ms(health.latency.max)}, ` +
    `beside ${receipts.rate.toFixed(0)} PDFs/s (${CONNECTIONS} in flight), ` +
    `non-2xx ${receipts.non2xx + health.non2xx} ` +
    verdict(clean && p99 < HEALTH_DURING_RECEIPTS_P99_MS)
  );
}
