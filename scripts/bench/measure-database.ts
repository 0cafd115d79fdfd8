import { availableParallelism } from 'node:os';
import { start, stop } from './children';
import { firstLoadAsSent } from './first-load-bytes';
import { lighthouseScores } from './lighthouse';
import { type Figure, load } from './load';
import {
  type Database,
  icOf,
  ms,
  PASSWORD,
  type Row,
  type Seed,
  SESSIONS,
  TARGETS,
  verdict,
} from './settings';

/**
 * One database's figures, each against a hello-world measured just before it: session checks,
 * payment-status reads (pending, paid) and logins; on PGlite also the first-load bytes and
 * Lighthouse. Adds its cells to `rows`.
 */
export async function measureDatabase(
  database: Database,
  seconds: number,
  cache: boolean,
  helloPort: number,
  lighthouseRuns: number,
  rows: Row[],
): Promise<void> {
  const row = (name: string, target: string): Row => {
    let found = rows.find((r) => r.name === name);
    if (!found) rows.push((found = { name, cells: {}, target }));
    return found;
  };
  const started = performance.now();
  const { child, ready } = await start(['--serve', database, ...(cache ? [] : ['--no-cache'])]);
  const seed = ready as Seed;
  console.error(
    `  ${database}: server seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  try {
    // Other work on the machine changes from one second to the next: each figure is divided by
    // a hello-world figure measured just before it, not by one measured once for the whole run.
    const hellos: Figure[] = [];
    const helloNow = async () => {
      const figure = await load(
        helloPort,
        seconds,
        () => ({ method: 'GET', path: '/', expect: 200 }),
        0,
      );
      hellos.push(figure);
      return figure;
    };
    const describe = (hello: Figure, figure: Figure, minRatio?: number, p99Ms?: number) => {
      const ratio = figure.rate / hello.rate;
      const met =
        minRatio === undefined
          ? ''
          : ` ${verdict(ratio >= minRatio && (p99Ms === undefined || figure.p99 < p99Ms))}`;
      const errors = figure.errors === '' ? '' : ` (unexpected: ${figure.errors})`;
      return `${ratio.toFixed(2)} (${figure.rate.toFixed(0)}/s)  ${ms(figure.p50)}  ${ms(figure.p99)}${met}${errors}`;
    };

    let hello = await helloNow();
    const check = await load(seed.port, seconds, (i) => ({
      method: 'POST',
      path: '/api/service/session-check',
      token: seed.tokens[i % seed.tokens.length],
      body: '{}',
      expect: 200,
    }));
    const target = TARGETS.sessionCheck[database];
    row(
      'session-check ratio, p50, p99',
      `≥ 0.5 and p99 < ${TARGETS.p99Ms} ms on PostgreSQL, ≥ 0.3 on PGlite`,
    ).cells[database] = describe(
      hello,
      check,
      target,
      database === 'postgres' ? TARGETS.p99Ms : undefined,
    );

    for (const [name, list] of [
      ['payment-status (pending)', seed.pending],
      ['payment-status (paid)', seed.paid],
    ] as const) {
      hello = await helloNow();
      const figure = await load(seed.port, seconds, (i) => {
        const [token, id] = list[i % list.length];
        return { method: 'GET', path: `/api/payment/status/${id}`, token, expect: 200 };
      });
      row(`${name} ratio, p50, p99`, '(no target)').cells[database] = describe(hello, figure);
    }

    hello = await helloNow();
    // Each member in turn: the login throttle holds concurrent attempts on one IC back.
    const logins = await load(
      seed.port,
      seconds,
      (i) => ({
        method: 'POST',
        path: '/api/service/login',
        body: JSON.stringify({ ic_or_passport: icOf(i % SESSIONS), password: PASSWORD }),
        expect: 200,
      }),
      0,
    );
    row('login ratio, p50, p99', '(no target)').cells[database] = describe(hello, logins);
    const mean = (pick: (f: Figure) => number) =>
      hellos.reduce((sum, f) => sum + pick(f), 0) / hellos.length;
    row('hello-world (req/s, p50, p99; mean of 4)', '').cells[database] =
      `${mean((f) => f.rate).toFixed(0)}/s  ${ms(mean((f) => f.p50))}  ${ms(mean((f) => f.p99))}`;
    row('logins per second per core', '(no target)').cells[database] =
      `${(logins.rate / availableParallelism()).toFixed(1)}/s (${availableParallelism()} cores)`;

    if (database === 'pglite') {
      await firstLoadAsSent(seed.port, rows);
      await lighthouseScores(seed.port, lighthouseRuns, rows);
    }
  } finally {
    await stop(child);
  }
}
