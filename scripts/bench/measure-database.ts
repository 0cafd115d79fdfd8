import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { start, stop } from './children';
import { firstLoadAsSent } from './first-load-bytes';
import { firstVisitRow } from './first-load-chromium';
import { healthDuringReceipts, HEALTH_DURING_RECEIPTS_ROW } from './health-during-receipts';
import { lighthouseScores } from './lighthouse';
import { type Calls, combine, type Figure, GET_ROOT, load } from './load';

/** Slices each figure and its hello-world alternate in (see `measure`). */
const SLICES = 3;
import { mib, rssMiB } from './memory';
import {
  type Database,
  CONNECTIONS,
  icOf,
  ms,
  PASSWORD,
  type Row,
  type Seed,
  SESSIONS,
  TARGETS,
  verdict,
} from './settings';

/** The reference servers' ports: the Fastify hello-world and the raw node:http server. */
export interface References {
  hello: number;
  raw: number;
}

/** One figure's cell: its ratio to the hello-world before it, both rates, p99, non-2xx. */
function describe(hello: Figure, figure: Figure, minRatio?: number, p99Ms?: number): string {
  const ratio = figure.rate / hello.rate;
  // A target is met only if every answer was a 2xx: a 429 or a 5xx is not the call measured.
  const clean = figure.non2xx === 0 && figure.errors === 0;
  const met =
    minRatio === undefined
      ? ''
      : ` ${verdict(clean && ratio >= minRatio && (p99Ms === undefined || figure.p99 < p99Ms))}`;
  const errors = figure.errors === 0 ? '' : `, ${figure.errors} errors`;
  return (
    `${ratio.toFixed(2)} = ${figure.rate.toFixed(0)}/${hello.rate.toFixed(0)} req/s, ` +
    `p99 ${ms(figure.p99)}, non-2xx ${figure.non2xx}${errors}${met}`
  );
}

/**
 * One database's figures, each against a hello-world measured just before it: session checks,
 * payment-status reads (pending, paid) and logins; the loader's ceiling; the health check's
 * latency during receipt PDFs (health-during-receipts.ts); the server's resident
 * memory idle and loaded; on PGlite also the first-load bytes, the first visit in Chromium and
 * Lighthouse. Adds its cells to
 * `rows`.
 */
export async function measureDatabase(
  database: Database,
  seconds: number,
  cache: boolean,
  references: References,
  lighthouseRuns: number,
  rows: Row[],
): Promise<void> {
  const row = (name: string, target: string): Row => {
    let found = rows.find((r) => r.name === name);
    if (!found) rows.push((found = { name, cells: {}, target }));
    return found;
  };
  const started = performance.now();
  // PGlite on a data directory on disk, as the default DATA_DIR, created by another process.
  const dataDir =
    database === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'bench-pglite-')) : undefined;
  if (dataDir !== undefined) await stop((await start(['--init-pglite', dataDir])).child);
  const { child, ready } = await start([
    '--serve',
    database,
    ...(cache ? [] : ['--no-cache']),
    ...(dataDir !== undefined ? ['--data-dir', dataDir] : []),
  ]);
  const seed = ready as Seed;
  console.error(
    `  ${database}: server seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const idleRss = rssMiB(child.pid);
  let loadedRss = idleRss;
  try {
    const ceiling = await load(references.raw, seconds, GET_ROOT, 0);
    row('loader ceiling: node:http, constant answer', 'well above hello-world').cells[database] =
      `${ceiling.rate.toFixed(0)} req/s, p99 ${ms(ceiling.p99)}, non-2xx ${ceiling.non2xx}`;

    // Other work on the machine changes from one second to the next: each figure is divided by
    // a hello-world measured in the same stretch of time, not once for the whole run. The two
    // alternate in SLICES slices (hello-world, figure, hello-world, figure...) so that both see
    // the same machine; the figure's warm-up runs once, before its first slice.
    const hellos: Figure[] = [];
    const measure = async (calls: Calls, warmCalls?: number) => {
      const helloSlices: Figure[] = [];
      const figureSlices: Figure[] = [];
      for (let slice = 0; slice < SLICES; slice++) {
        helloSlices.push(await load(references.hello, seconds / SLICES, GET_ROOT, 0));
        const warm = slice === 0 ? warmCalls : 0;
        figureSlices.push(await load(seed.port, seconds / SLICES, calls, warm));
        loadedRss = Math.max(loadedRss ?? 0, rssMiB(child.pid) ?? 0);
      }
      const hello = combine(helloSlices);
      hellos.push(hello);
      return { hello, figure: combine(figureSlices) };
    };

    const check = await measure((i) => ({
      method: 'POST',
      path: '/api/service/session-check',
      token: seed.tokens[i % seed.tokens.length],
    }));
    const target = TARGETS.sessionCheck[database];
    row(
      'session check ÷ hello-world',
      `≥ ${TARGETS.sessionCheck.pglite} PGlite, ≥ ${TARGETS.sessionCheck.postgres} PostgreSQL; p99 < ${TARGETS.p99Ms} ms`,
    ).cells[database] = describe(check.hello, check.figure, target, TARGETS.p99Ms);

    for (const [name, list, minRatio] of [
      ['pending', seed.pending, TARGETS.pendingStatus],
      ['paid', seed.paid, TARGETS.paidStatus],
    ] as const) {
      const status = await measure((i) => {
        const [token, id] = list[i % list.length];
        return { method: 'GET', path: `/api/payment/status/${id}`, token };
      });
      row(`payment status (${name}) ÷ hello-world`, `≥ ${minRatio}`).cells[database] = describe(
        status.hello,
        status.figure,
        minRatio,
      );
    }

    // Each member in turn: the login throttle holds concurrent attempts on one IC back. One
    // warm-up call per connection: each takes an argon2id verification.
    const logins = await measure(
      (i) => ({
        method: 'POST',
        path: '/api/service/login',
        body: JSON.stringify({ ic_or_passport: icOf(i % SESSIONS), password: PASSWORD }),
      }),
      CONNECTIONS,
    );
    row('login ÷ hello-world', '(no target)').cells[database] = describe(
      logins.hello,
      logins.figure,
    );
    const mean = (pick: (f: Figure) => number) =>
      hellos.reduce((sum, f) => sum + pick(f), 0) / hellos.length;
    // Within a fifth of the ceiling, the loader may be what limits hello-world: its rate is then
    // understated, and every ratio overstated.
    const bound = mean((f) => f.rate) > 0.8 * ceiling.rate ? ' (near the loader ceiling)' : '';
    row(`hello-world (mean of ${hellos.length})`, '').cells[database] =
      `${mean((f) => f.rate).toFixed(0)} req/s, p99 ${ms(mean((f) => f.p99))}${bound}`;
    row('logins per second per core', '(no target)').cells[database] =
      `${(logins.figure.rate / availableParallelism()).toFixed(1)}/s (${availableParallelism()} cores)`;
    const { name, target: healthTarget } = HEALTH_DURING_RECEIPTS_ROW;
    row(name, healthTarget).cells[database] = await healthDuringReceipts(seed, seconds);
    loadedRss = Math.max(loadedRss ?? 0, rssMiB(child.pid) ?? 0);
    row('server RSS: idle (seeded) / loaded (highest)', '').cells[database] =
      `${mib(idleRss)} / ${mib(loadedRss)}`;

    if (database === 'pglite') {
      await firstLoadAsSent(seed.port, rows);
      await firstVisitRow(seed.port, rows);
      await lighthouseScores(seed.port, lighthouseRuns, rows);
    }
  } finally {
    await stop(child);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}
