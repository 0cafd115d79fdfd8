/**
 * One benchmark for the figures, printed next to their targets: `npm run bench`.
 *
 * In one run it starts a bare Fastify hello-world and the portal's server (PGlite, then
 * PostgreSQL on a scratch database when reachable), each in a child process of its own, and
 * drives them from this process over loopback with keep-alive connections:
 *   - session checks (2500 live sessions), payment-status reads (pending and paid) and logins,
 *     as requests per second, their ratio to hello-world's (measured just before each figure, as
 *     the machine's other work varies), and p50 / p99 latency;
 *   - argon2id verifications per second on one core, and logins per second per core;
 *   - the first-load bytes of /login: raw, gzip, and as the server sends them;
 *   - Lighthouse's performance and SEO scores of /login and /sign-up (its default mobile preset:
 *     a mid-range phone on slow 4G, simulated), the median of three runs, with Debian's Chromium.
 *
 * Options: `-- --no-cache` runs the server with READ_CACHE_TTL_MS=0 (the figures before the
 * cache); `-- --seconds 5` sets each figure's duration; `-- pglite` or `-- postgres` runs one;
 * `-- --lighthouse-runs 1` sets Lighthouse's runs per page (0 skips it).
 * The load generator shares the machine with the servers: on few cores it takes a good part of
 * the CPU, which lowers hello-world's rate (the ratio's denominator) the most.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { Argon2PasswordHasher } from '../server/adapters/hashing/argon2-password-hasher';
import { loadConfig } from '../server/config';
import { createContainer } from '../server/container';
import { hashSessionToken } from '../server/domain/session-policy';
import { generateTransactionId } from '../server/domain/transaction';
import { buildApp } from '../server/http/app';
import { createScratchDatabase, eachDatabase } from '../test/server/support/databases';

type Database = 'pglite' | 'postgres';

const SESSIONS = 2500;
const CONNECTIONS = 50;
const PASSWORD = 'correct horse battery staple';
const DIST = path.resolve(__dirname, '..', 'dist');

const TARGETS = {
  sessionCheck: { postgres: 0.5, pglite: 0.3 },
  p99Ms: 50,
  firstLoadGzipKb: 170,
  lighthousePerformance: 95,
  lighthouseSeo: 95,
  lcpMs: 2500,
};

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Seed {
  port: number;
  tokens: string[];
  pending: [string, string][];
  paid: [string, string][];
}

/** The IC of the i-th seeded member (0-based; the SQL numbers them from 1). */
const icOf = (i: number) => `8001${String(i + 1).padStart(8, '0')}`;

// ---------------------------------------------------------------------------------------------
// Child roles: `--hello` and `--serve <database>` print `READY <json>` once listening.

async function serveHello(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  console.log(`READY ${JSON.stringify({ port: address.port })}`);
}

async function servePortal(database: Database, cache: boolean): Promise<void> {
  const scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
  const config = {
    ...loadConfig({
      APP_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      READ_CACHE_TTL_MS: cache ? '30000' : '0',
    }),
    dataDir: 'memory://',
    databaseUrl: scratch?.url,
  };
  const container = await createContainer(config);
  const app = await buildApp(container, config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  config.publicUrl = `http://127.0.0.1:${address.port}`;
  const stop = async () => {
    await app.close();
    await container.close();
    await scratch?.drop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());

  // Seeded in three statements: registering 2500 members over HTTP would mostly time argon2.
  const now = new Date();
  const passwordHash = await new Argon2PasswordHasher().hash(PASSWORD);
  const seed: Seed = { port: address.port, tokens: [], pending: [], paid: [] };
  const memberIds: string[] = [];
  const sessionIds: string[] = [];
  const tokenHashes: string[] = [];
  const paymentIds: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    memberIds.push(randomUUID());
    sessionIds.push(randomUUID());
    const token = randomBytes(32).toString('base64url');
    seed.tokens.push(token);
    tokenHashes.push(hashSessionToken(token));
    const paymentId = generateTransactionId(randomBytes);
    paymentIds.push(paymentId);
    // Members poll a pending payment; a paid one is read again by its receipt page.
    (i % 2 === 0 ? seed.pending : seed.paid).push([token, paymentId]);
  }
  const db = container.db;
  await db.query(
    `INSERT INTO members (id, name, nationality, ic_or_passport, phone_no, password_hash,
                          created_at, updated_at)
     SELECT id, 'Member ' || n, 'Malaysian', '8001' || lpad(n::text, 8, '0'),
            '6013' || lpad(n::text, 8, '0'), $2, $3, $3
       FROM unnest($1::uuid[]) WITH ORDINALITY AS m(id, n)`,
    [memberIds, passwordHash, now],
  );
  await db.query(
    `INSERT INTO sessions (id, member_id, token_hash, created_at, last_seen_at)
     SELECT s, m, h, $4, $4 FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS x(s, m, h)`,
    [sessionIds, memberIds, tokenHashes, now],
  );
  await db.query(
    `INSERT INTO transactions (id, member_id, amount_sen, payment_method, status, created_at,
                               updated_at, finalised_at)
     SELECT t, m, 12345, 'qr', CASE WHEN n % 2 = 0 THEN 'completed' ELSE 'pending' END, $3, $3,
            CASE WHEN n % 2 = 0 THEN $3::timestamptz END
       FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS x(t, m, n)`,
    [paymentIds, memberIds, now],
  );
  console.log(`READY ${JSON.stringify(seed)}`);
}

// ---------------------------------------------------------------------------------------------
// The load generator: CONNECTIONS keep-alive connections, each sending its next request as soon
// as the previous answer is read, for a fixed time.

interface Figure {
  rate: number;
  p50: number;
  p99: number;
  /** Answers other than the one expected, by status (-1: no answer). */
  errors: string;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
  expect: number;
}

function send(agent: http.Agent, port: number, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(call.body);
    }
    const request = http.request(
      { agent, host: '127.0.0.1', port, method: call.method, path: call.path, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(call.body);
  });
}

/**
 * Warm-up first (half a second, and `warmCalls` calls: one per live session, so the figure is the
 * steady state rather than a cold cache), then `seconds` measured.
 */
async function load(
  port: number,
  seconds: number,
  next: (i: number) => Call,
  warmCalls = SESSIONS,
): Promise<Figure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const unexpected = new Map<number, number>();
  let count = 0;
  const warmAtLeast = performance.now() + 500;
  let measuredFrom = 0;
  let endAt = Infinity;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (;;) {
        const started = performance.now();
        if (started >= endAt) return;
        const i = count++;
        const call = next(i);
        const status = await send(agent, port, call).catch(() => -1);
        const ended = performance.now();
        if (measuredFrom === 0) {
          if (i < warmCalls || started < warmAtLeast) continue;
          measuredFrom = started;
          endAt = measuredFrom + seconds * 1000;
        }
        if (started < measuredFrom) continue;
        if (status !== call.expect) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
        latencies.push(ended - started);
      }
    }),
  );
  agent.destroy();
  const elapsedS = (performance.now() - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const errors = [...unexpected].map(([status, n]) => `${n}× ${status}`).join(', ');
  return { rate: latencies.length / elapsedS, p50: at(0.5), p99: at(0.99), errors };
}

// ---------------------------------------------------------------------------------------------

function start(args: string[]): Promise<{ child: ChildProcess; ready: unknown }> {
  const child = spawn(process.execPath, [...process.execArgv, __filename, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

interface Row {
  name: string;
  cells: Partial<Record<Database, string>>;
  target: string;
}

async function measureDatabase(
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

async function argon2PerCore(rows: Row[]): Promise<void> {
  const hasher = new Argon2PasswordHasher();
  const hash = await hasher.hash(PASSWORD);
  let count = 0;
  const endAt = performance.now() + 3000;
  // One verification at a time: one core's worth.
  while (performance.now() < endAt) {
    await hasher.verify(hash, PASSWORD);
    count++;
  }
  rows.push({
    name: 'argon2id verify, one core',
    cells: { pglite: `${(count / 3).toFixed(1)}/s` },
    target: '(no target)',
  });
}

/** What the server sends for /login's first load, compressed as a browser asks for it. */
async function firstLoadAsSent(port: number, rows: Row[]): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    rows.push({
      name: 'first load of /login',
      cells: { pglite: 'run `npm run build` first' },
      target: '',
    });
    return;
  }
  const sizes = await firstLoadSizes();
  const agent = new http.Agent({ keepAlive: true });
  const bytesOf = (urlPath: string, encoding: string) =>
    new Promise<{ bytes: number; encoding: string; status: number }>((resolve, reject) => {
      http
        .get(
          {
            agent,
            host: '127.0.0.1',
            port,
            path: urlPath,
            headers: { 'accept-encoding': encoding },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () =>
              resolve({
                bytes,
                encoding: String(res.headers['content-encoding'] ?? 'identity'),
                status: res.statusCode ?? 0,
              }),
            );
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
  let sent = 0;
  const encodings = new Set<string>();
  for (const file of ['login', ...sizes.files]) {
    const answer = await bytesOf(`/${file}`, 'br, gzip');
    if (answer.status !== 200) throw new Error(`/${file} answered ${answer.status}: rebuild dist/`);
    if (file !== 'login') encodings.add(answer.encoding);
    sent += answer.bytes;
  }
  agent.destroy();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  rows.push({
    name: 'first load of /login: JS + CSS raw, gzip',
    cells: {
      pglite: `${kb(sizes.raw)}, gzip ${kb(sizes.gzip)} ${verdict(sizes.gzip <= TARGETS.firstLoadGzipKb * 1024)}`,
    },
    target: `gzip ≤ ${TARGETS.firstLoadGzipKb} KB`,
  });
  rows.push({
    name: 'first load of /login as sent (HTML + JS + CSS)',
    cells: { pglite: `${kb(sent)} (${[...encodings].join(', ')})` },
    target: 'brotli or gzip',
  });
}

interface LighthouseReport {
  categories: Record<'performance' | 'seo', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Lighthouse's CLI with its default (mobile) settings on each page, `runs` times; the median
 * score of each category is printed (Lighthouse's own advice, as one run varies by a few points).
 */
async function lighthouseScores(port: number, runs: number, rows: Row[]): Promise<void> {
  if (runs <= 0) return;
  const cli = path.resolve(__dirname, '..', 'node_modules', 'lighthouse', 'cli', 'index.js');
  if (!existsSync(cli) || !existsSync(CHROMIUM) || !existsSync(path.join(DIST, 'index.html'))) {
    rows.push({
      name: 'Lighthouse performance / SEO',
      cells: { pglite: `not measured: needs npm ci, ${CHROMIUM} and npm run build` },
      target: '',
    });
    return;
  }
  const run = promisify(execFile);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  for (const page of ['/login', '/sign-up']) {
    const performanceScores: number[] = [];
    const seoScores: number[] = [];
    const lcps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { stdout } = await run(
        process.execPath,
        [
          cli,
          `http://127.0.0.1:${port}${page}`,
          '--only-categories=performance,seo',
          '--output=json',
          '--output-path=stdout',
          '--quiet',
          '--chrome-flags=--headless=new --no-sandbox',
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(stdout) as LighthouseReport;
      performanceScores.push(Math.round((report.categories.performance.score ?? 0) * 100));
      seoScores.push(Math.round((report.categories.seo.score ?? 0) * 100));
      lcps.push(report.audits['largest-contentful-paint']?.numericValue ?? NaN);
    }
    const performanceScore = median(performanceScores);
    const lcp = median(lcps);
    const seo = median(seoScores);
    rows.push({
      name: `Lighthouse performance, ${page} (LCP)`,
      cells: {
        pglite: `${performanceScore} [${performanceScores.join(', ')}] (LCP ${(lcp / 1000).toFixed(1)} s) ${verdict(performanceScore >= TARGETS.lighthousePerformance && lcp < TARGETS.lcpMs)}`,
      },
      target: `≥ ${TARGETS.lighthousePerformance} (LCP < ${TARGETS.lcpMs / 1000} s), mobile preset`,
    });
    rows.push({
      name: `Lighthouse SEO, ${page}`,
      cells: {
        pglite: `${seo} [${seoScores.join(', ')}] ${verdict(seo >= TARGETS.lighthouseSeo)}`,
      },
      target: `≥ ${TARGETS.lighthouseSeo}`,
    });
  }
}

/** The first-load files and sizes: scripts/first-load.ts when present, else the HTML's own refs. */
async function firstLoadSizes(): Promise<{ files: string[]; raw: number; gzip: number }> {
  const helper = path.join(__dirname, 'first-load.ts');
  if (existsSync(helper)) {
    // Another script's module, present or not: typed here by what this one reads of it.
    const { measureFirstLoad } = (await import(helper)) as {
      measureFirstLoad: (distDir: string) => {
        assets: { file: string }[];
        total: { raw: number; gzip: number };
      };
    };
    const load = measureFirstLoad(DIST);
    return { files: load.assets.map((a) => a.file), raw: load.total.raw, gzip: load.total.gzip };
  }
  const { readFileSync } = await import('node:fs');
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(DIST, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

function print(rows: Row[], databases: Database[]): void {
  const width = Math.max(...rows.map((r) => r.name.length)) + 2;
  const cellWidth = Math.max(
    44,
    ...rows.flatMap((r) => databases.map((d) => (r.cells[d] ?? '').length + 2)),
  );
  const header = `${''.padEnd(width)}${databases.map((d) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL').padEnd(cellWidth)).join('')}target`;
  console.log(header);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(width)}${databases.map((d) => (r.cells[d] ?? '').padEnd(cellWidth)).join('')}${r.target}`,
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--hello') return serveHello();
  if (args[0] === '--serve') return servePortal(args[1] as Database, !args.includes('--no-cache'));

  const cache = !args.includes('--no-cache');
  const numberOption = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const seconds = numberOption('--seconds', 5);
  const only = args.find((a): a is Database => a === 'pglite' || a === 'postgres');
  const lighthouseRuns = numberOption('--lighthouse-runs', 3);
  const databases = only ? [only] : eachDatabase();
  console.log(
    `Benchmark: Node ${process.version}, ${availableParallelism()} cores, ${CONNECTIONS} connections, ` +
      `${SESSIONS} live sessions, ${seconds} s per figure, read cache ${cache ? 'on' : 'OFF'}`,
  );
  const rows: Row[] = [];
  await argon2PerCore(rows);
  const hello = await start(['--hello']);
  try {
    // Warms the load generator and hello-world up (JIT) before the first ratio's denominator.
    await load(
      (hello.ready as { port: number }).port,
      2,
      () => ({ method: 'GET', path: '/', expect: 200 }),
      0,
    );
    for (const database of databases) {
      const helloPort = (hello.ready as { port: number }).port;
      await measureDatabase(database, seconds, cache, helloPort, lighthouseRuns, rows);
    }
  } finally {
    await stop(hello.child);
  }
  print(rows, databases);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
