/**
 * One benchmark for the portal's performance figures, printed next to their targets:
 * `npm run bench` (the method and the figures: docs/performance.md).
 *
 * In one run it starts three kinds of server, each in a child process of its own, compiled by
 * `npm run bench` into dist-bench/ (tsconfig.bench.json) as `npm start` runs them: a bare Fastify
 * hello-world answering a small JSON body in the API's envelope, node:http answering the same
 * body as a constant buffer, and the portal's server (PGlite, then PostgreSQL on a scratch
 * database when reachable). autocannon, in this process, drives them over loopback with 50
 * keep-alive connections:
 *   - the loader's ceiling: its rate against the node:http server, which does the least work a
 *     Node server can; a figure well below it is bounded by the server, not by the loader;
 *   - session checks (5,000 live sessions), payment-status reads (pending and paid) and logins,
 *     each as its ratio to hello-world's rate measured just before it (the machine's other work
 *     varies), with both rates, p99 latency and the count of non-2xx answers;
 *   - the health check's latency while 50 receipt PDFs are always being drawn;
 *   - the portal process's resident memory, idle once seeded and the highest after a figure;
 *   - argon2id verifications per second on one core, and logins per second per core;
 *   - the first-load bytes of /login: raw, gzip, and as the server sends them;
 *   - Lighthouse's performance and SEO scores of /login and /sign-up (its default mobile preset:
 *     a mid-range phone on slow 4G, simulated), the median of three runs, with Debian's Chromium.
 *
 * Options: `-- --no-cache` runs the server with READ_CACHE_TTL_MS=0 (the figures before the
 * cache); `-- --seconds 5` sets each figure's duration; `-- pglite` or `-- postgres` runs one;
 * `-- --lighthouse-runs 1` sets Lighthouse's runs per page (0 skips it); `-- --growth` prints
 * only the growth table instead (scripts/bench/growth.ts: 2,500, 25,000 and 250,000 sessions).
 * The load generator shares the machine with the servers: on few cores it takes a good part of
 * the CPU, which lowers hello-world's rate (the ratio's denominator) the most.
 *
 * The parts live in scripts/bench/: settings.ts (sizes, paths, targets), hello-world.ts and
 * portal-server.ts (the child processes), children.ts (starting and stopping them), load.ts (the
 * load generator), measure-database.ts (each database's figures), memory.ts (resident memory),
 * argon2.ts, first-load-bytes.ts, lighthouse.ts, records.ts (the payment history on PostgreSQL
 * and receipt PDFs; `-- records` runs only these), health-during-receipts.ts (health beside receipt
 * PDFs; `-- receipts-health` runs only it), console.ts with console-server.ts, console-seed.ts and
 * console-http.ts (the operator console's payments search and CSV export on 1,000,000 payments;
 * `-- console` runs only these), sms-timing.ts (a password-reset code request's answer time for a
 * registered and an unknown phone, the provider slow; `-- sms` runs only it) and report.ts (the
 * printed table).
 */
import { availableParallelism } from 'node:os';
import { version as autocannonVersion } from 'autocannon/package.json';
import { eachDatabase } from './support/databases';
import { argon2PerCore } from './bench/argon2';
import { start, stop } from './bench/children';
import { serveHello, serveRaw } from './bench/hello-world';
import { GET_ROOT, load } from './bench/load';
import { mib, rssMiB } from './bench/memory';
import { measureGrowth } from './bench/growth';
import { measureHealthDuringReceipts } from './bench/health-during-receipts';
import { measureConsole } from './bench/console';
import { serveConsole } from './bench/console-server';
import { measureDatabase } from './bench/measure-database';
import { initPglite, servePortal } from './bench/portal-server';
import { measureRecords, serveRecords } from './bench/records';
import { print } from './bench/report';
import { measureSmsTiming } from './bench/sms-timing';
import { CONNECTIONS, type Database, type Row, SESSIONS } from './bench/settings';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--hello') return serveHello();
  if (args[0] === '--raw') return serveRaw();
  const dataDir = args.includes('--data-dir') ? args[args.indexOf('--data-dir') + 1] : undefined;
  if (args[0] === '--init-pglite') return initPglite(args[1]);
  if (args[0] === '--serve-records') return serveRecords();
  if (args[0] === '--serve-console') return serveConsole(args[1] as Database, dataDir);
  if (args[0] === '--serve') {
    const sessions = args.includes('--sessions')
      ? Number(args[args.indexOf('--sessions') + 1])
      : undefined;
    return servePortal(args[1] as Database, !args.includes('--no-cache'), dataDir, sessions);
  }

  const cache = !args.includes('--no-cache');
  const numberOption = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const seconds = numberOption('--seconds', 5);
  const only = args.find((a): a is Database => a === 'pglite' || a === 'postgres');
  const lighthouseRuns = numberOption('--lighthouse-runs', 3);
  const growth = args.includes('--growth');
  const databases = only ? [only] : eachDatabase();
  console.log(
    `Benchmark: Node ${process.version}, ${availableParallelism()} cores, ${CONNECTIONS} connections, ` +
      `${SESSIONS} live sessions, ${seconds} s per figure, read cache ${cache ? 'on' : 'OFF'}, ` +
      `autocannon ${autocannonVersion}`,
  );
  const rows: Row[] = [];
  if (args.includes('receipts-health')) {
    await measureHealthDuringReceipts(databases, seconds, rows);
    return print(rows, databases);
  }
  if (args.includes('records')) {
    await measureRecords(seconds, databases, rows);
    return print(rows, databases);
  }
  if (args.includes('console')) {
    await measureConsole(databases, rows);
    return print(rows, databases);
  }
  if (args.includes('sms')) {
    await measureSmsTiming(databases, rows);
    return print(rows, databases);
  }
  if (!growth) await argon2PerCore(rows);
  const hello = await start(['--hello']);
  const raw = await start(['--raw']);
  try {
    const references = {
      hello: (hello.ready as { port: number }).port,
      raw: (raw.ready as { port: number }).port,
    };
    // Warms the load generator and both reference servers up (JIT) before the first figure.
    await load(references.raw, 2, GET_ROOT, 0);
    await load(references.hello, 2, GET_ROOT, 0);
    rows.push({
      name: 'hello-world process RSS (a bare Fastify)',
      cells: { pglite: mib(rssMiB(hello.child.pid)) },
      target: '',
    });
    for (const database of databases) {
      if (growth) await measureGrowth(database, seconds, references.hello, rows);
      else await measureDatabase(database, seconds, cache, references, lighthouseRuns, rows);
    }
  } finally {
    await stop(raw.child);
    await stop(hello.child);
  }
  if (!growth) await measureRecords(seconds, databases, rows);
  if (!growth) await measureConsole(databases, rows);
  if (!growth) await measureSmsTiming(databases, rows);
  print(rows, databases);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
