import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { start, stop } from './children';
import { enrolAndSignIn, exportAll } from './console-http';
import {
  type ConsoleSeed,
  type Invited,
  OPERATORS,
  type PlanCheck,
  REQUESTS_PER_OPERATOR,
  WARM_UP_PER_OPERATOR,
} from './console-server';
import { type Database, ms, type Row, verdict } from './settings';

/**
 * The console's figures (docs/performance.md): on PostgreSQL with 1,000,000 payments over
 * 100,000 members and on PGlite with 100,000, for each kind of payments search, its p99 at
 * OPERATORS concurrent operators over HTTP (autocannon, one keep-alive connection per operator,
 * each with its own session cookie) and whether EXPLAIN shows an index for every query of the
 * kind; then the CSV export of every payment: rows a second and the server process's RSS growth.
 */
const CONSOLE_TARGETS = {
  searchP99Ms: 100,
  exportRowsPerSecond: 50_000,
  exportGrowthMiB: 64,
};

/** The search route's budget per operator a minute (server/ops-http/routes/payments.routes.ts). */
const SEARCH_BUDGET = 120;

type RowOf = (name: string, target: string) => Row;

export async function measureConsole(databases: Database[], rows: Row[]): Promise<void> {
  const row: RowOf = (name, target) => {
    let found = rows.find((r) => r.name === name);
    if (!found) rows.push((found = { name, cells: {}, target }));
    return found;
  };
  const loadBefore = loadavg()[0];
  for (const database of databases) {
    const dataDir =
      database === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'bench-console-')) : undefined;
    if (dataDir !== undefined) await stop((await start(['--init-pglite', dataDir])).child);
    const { child, ready } = await start([
      '--serve-console',
      database,
      ...(dataDir !== undefined ? ['--data-dir', dataDir] : []),
    ]);
    try {
      await consoleFigures(database, ready as ConsoleSeed, child.pid ?? 0, row);
    } finally {
      await stop(child);
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  row('load average (1 min) before / after the console figures', '').cells[databases[0]] =
    `${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)}`;
}

/** One database's console figures, against its seeded server (process `pid`). */
async function consoleFigures(
  database: Database,
  seed: ConsoleSeed,
  pid: number,
  row: RowOf,
): Promise<void> {
  const { payments, members, refunds } = seed.sizes;
  row('console: seeded (payments, members, refunds)', '').cells[database] =
    `${payments.toLocaleString('en')}, ${members.toLocaleString('en')}, ` +
    `${refunds.toLocaleString('en')} in ${seed.seededSeconds.toFixed(0)} s`;
  const signedIn = performance.now();
  const cookies = await signInAll(seed.port, seed.searchers);
  console.error(
    `  ${database}: ${cookies.length} operators enrolled and signed in over HTTP in ` +
      `${((performance.now() - signedIn) / 1000).toFixed(1)} s`,
  );
  row('console: operators per kind of search', `≤ ${SEARCH_BUDGET} a minute each`).cells[database] =
    `${OPERATORS} at once, fresh per kind, ${WARM_UP_PER_OPERATOR} warm-up + ` +
    `${REQUESTS_PER_OPERATOR} measured each`;
  for (const [k, kind] of seed.kinds.entries()) {
    const own = cookies.slice(k * OPERATORS, (k + 1) * OPERATORS);
    const figure = await searchFigure(seed.port, kind.paths, own);
    const clean = figure.non2xx === 0 && figure.errors === 0;
    row(`search: ${kind.name}`, `p99 < ${CONSOLE_TARGETS.searchP99Ms} ms, all 2xx`).cells[
      database
    ] =
      `p99 ${ms(figure.p99)}, p50 ${ms(figure.p50)}, ${figure.rate.toFixed(0)} req/s, ` +
      `non-2xx ${figure.non2xx}${figure.errors ? `, ${figure.errors} errors` : ''} ` +
      verdict(clean && figure.p99 < CONSOLE_TARGETS.searchP99Ms);
    row(`  EXPLAIN: ${kind.name}`, 'an index, no Seq Scan on transactions').cells[database] =
      describePlan(kind.plan);
    console.error(
      `  ${database} EXPLAIN ANALYZE, ${kind.name}:\n` +
        kind.plan.analyzed.map((line) => `    ${line}`).join('\n'),
    );
  }
  const { email, token } = seed.exporter;
  const exporter = await enrolAndSignIn(seed.port, token, email, '127.0.2.1');
  const exported = await exportAll(seed.port, exporter, pid);
  const perSecond = exported.rows / exported.seconds;
  const complete = exported.status === 200 && exported.rows === payments;
  const rowsTarget = `≥ ${CONSOLE_TARGETS.exportRowsPerSecond.toLocaleString('en')}`;
  row('CSV export of every payment: rows a second', rowsTarget).cells[database] =
    `${Math.round(perSecond).toLocaleString('en')}/s: ${exported.rows.toLocaleString('en')} rows ` +
    `in ${exported.seconds.toFixed(1)} s, HTTP ${exported.status} ` +
    verdict(complete && perSecond >= CONSOLE_TARGETS.exportRowsPerSecond);
  const growth = exported.rssPeak - exported.rssBefore;
  row('  server RSS growth during the export', `< ${CONSOLE_TARGETS.exportGrowthMiB} MiB`).cells[
    database
  ] =
    `+${growth.toFixed(0)} MiB (${exported.rssBefore.toFixed(0)} → ` +
    `${exported.rssPeak.toFixed(0)} MiB) ${verdict(growth < CONSOLE_TARGETS.exportGrowthMiB)}`;
}

/** Enrols and signs in every operator, a few at a time, each from a loopback address of its own. */
async function signInAll(port: number, invited: Invited[]): Promise<string[]> {
  const cookies: string[] = new Array<string>(invited.length);
  let next = 0;
  const worker = async () => {
    while (next < invited.length) {
      const i = next++;
      const address = `127.0.1.${1 + i}`;
      cookies[i] = (await enrolAndSignIn(port, invited[i].token, invited[i].email, address)).cookie;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return cookies;
}

interface SearchFigure {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * One kind's figure: OPERATORS connections, connection c with operator c's cookie cycling through
 * the kind's queries from its own offset; first WARM_UP_PER_OPERATOR calls each, then
 * REQUESTS_PER_OPERATOR measured (autocannon shares `amount` evenly over the connections).
 */
async function searchFigure(
  port: number,
  paths: string[],
  cookies: string[],
): Promise<SearchFigure> {
  const run = (perOperator: number) => {
    let connection = 0;
    return autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: cookies.length,
      pipelining: 1,
      amount: perOperator * cookies.length,
      requests: [{ method: 'GET', path: paths[0] }],
      setupClient: (client) => {
        const c = connection++;
        const headers = { accept: 'application/json', cookie: cookies[c] };
        client.setRequests(
          paths.map((_, j) => ({
            method: 'GET',
            path: paths[(c * OPERATORS + j) % paths.length],
            headers,
          })),
        );
      },
    });
  };
  const warm = await run(WARM_UP_PER_OPERATOR);
  // Timed here: autocannon's own duration of a run of a given amount is in whole seconds.
  const started = performance.now();
  const result = await run(REQUESTS_PER_OPERATOR);
  return {
    rate: result.requests.total / ((performance.now() - started) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + warm.non2xx,
    errors: result.errors + result.timeouts + warm.errors + warm.timeouts,
  };
}

function describePlan(plan: PlanCheck): string {
  const ok = plan.withoutIndex === 0 && plan.seqScans === 0;
  return (
    `${plan.indexes.join(', ') || 'NO INDEX'}; an index in ${plan.checked - plan.withoutIndex} ` +
    `of ${plan.checked} plans, Seq Scan in ${plan.seqScans} ${verdict(ok)}`
  );
}
