import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_READ_CACHE_OPTIONS } from '../../server/adapters/caching/read-caches';
import { start, stop } from './children';
import { type Calls, GET_ROOT, load } from './load';
import { mib, rssMiB } from './memory';
import {
  type Database,
  GROWTH_SESSIONS,
  ms,
  paymentIdOf,
  type Row,
  type Seed,
  tokenOf,
} from './settings';

/**
 * A session picked at random: live sessions check in no order, so past the cache's bound most
 * checks miss it (a round-robin would instead hit only the sessions the warm-up cached).
 */
const anyOf = (count: number) => Math.floor(Math.random() * count);

/** At most this many warm-up calls: past the cache's bound, warming cannot keep it all anyway. */
const MAX_WARM_CALLS = 25_000;

/**
 * The cost of growth (`-- --growth`): for each size of GROWTH_SESSIONS, a portal seeded with that
 * many live sessions (each with its member and a payment, half pending), then session checks
 * spread over every session and pending-status polls over every pending payment, each against a
 * hello-world measured just before it, and the server's resident memory idle and loaded.
 */
export async function measureGrowth(
  database: Database,
  seconds: number,
  helloPort: number,
  rows: Row[],
): Promise<void> {
  for (const sessions of GROWTH_SESSIONS) {
    const started = performance.now();
    const dataDir =
      database === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'bench-growth-')) : undefined;
    if (dataDir !== undefined) await stop((await start(['--init-pglite', dataDir])).child);
    const { child, ready } = await start([
      '--serve',
      database,
      '--sessions',
      String(sessions),
      ...(dataDir !== undefined ? ['--data-dir', dataDir] : []),
    ]);
    const seed = ready as Seed;
    const seededS = (performance.now() - started) / 1000;
    console.error(`  ${database}, ${sessions} sessions: seeded in ${seededS.toFixed(1)} s`);
    const idle = rssMiB(child.pid);
    let loaded = idle ?? 0;
    try {
      const figure = async (calls: Calls) => {
        const hello = await load(helloPort, seconds, GET_ROOT, 0);
        const warm = Math.min(sessions, MAX_WARM_CALLS);
        const result = await load(seed.port, seconds, calls, warm, false);
        loaded = Math.max(loaded, rssMiB(child.pid) ?? 0);
        return (
          `${(result.rate / hello.rate).toFixed(2)} (${result.rate.toFixed(0)} req/s, ` +
          `p99 ${ms(result.p99)}${result.non2xx > 0 ? `, non-2xx ${result.non2xx}` : ''})`
        );
      };
      const check = await figure(() => ({
        method: 'POST',
        path: '/api/service/session-check',
        token: tokenOf(anyOf(sessions)),
      }));
      const pending = await figure(() => {
        const member = 2 * anyOf(Math.floor(sessions / 2)); // the even ones hold pending payments
        return {
          method: 'GET',
          path: `/api/payment/status/${paymentIdOf(member)}`,
          token: tokenOf(member),
        };
      });
      const name = `growth: ${sessions.toLocaleString('en')} live sessions`;
      let row = rows.find((r) => r.name === name);
      if (row === undefined) {
        const bound = sessions > DEFAULT_READ_CACHE_OPTIONS.maxEntries;
        rows.push((row = { name, cells: {}, target: bound ? 'past the cache’s bound' : '' }));
      }
      row.cells[database] =
        `check ${check}; pending ${pending}; RSS ${mib(idle)} idle, ${mib(loaded)} loaded`;
    } finally {
      await stop(child);
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
