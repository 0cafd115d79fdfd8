import { createHash } from 'node:crypto';
import path from 'node:path';
import { generateTransactionId } from '../../server/domain/transaction';
import { projectRoot } from '../../server/project-root';

/** What every part of the benchmark shares: its sizes, paths, targets and the report's rows. */

export type Database = 'pglite' | 'postgres';

/**
 * Live sessions seeded for the rate figures: enough that none spends its per-minute budget of
 * checks (60) or polls (120) in a figure's warm-up and run at 100,000 answers a second, with room
 * for one connection running faster than the others (at 5,000, a machine answering 50,000 checks
 * a second spent some sessions' budgets, and the figure then counted 429 answers).
 */
export const SESSIONS = 20_000;
/** The growth table's sizes (`-- --growth`): live sessions, each with its member and a payment. */
export const GROWTH_SESSIONS = [2500, 25_000, 250_000];
export const CONNECTIONS = 50;
export const PASSWORD = 'correct horse battery staple';

// The repository, from the sources or from the benchmark's build in dist-bench/.
export const ROOT = projectRoot(__dirname);
export const DIST = path.join(ROOT, 'dist');
/**
 * The entry point as compiled by `npm run bench` (tsconfig.bench.json), which the child processes
 * run in their roles (`--hello`, `--raw`, `--serve`): the servers run as `npm start` runs them,
 * compiled JavaScript, not through tsx.
 */
export const BENCH_SCRIPT = path.join(ROOT, 'dist-bench', 'scripts', 'bench.js');
/** scripts/first-load.ts, which measures the first-load bytes for `npm run size` too. */
export const FIRST_LOAD_SCRIPT = path.join(ROOT, 'scripts', 'first-load.ts');
export const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');

/** Rates are ratios to hello-world's, measured just before each figure; latencies in ms. */
export const TARGETS = {
  sessionCheck: { postgres: 0.5, pglite: 0.35 },
  pendingStatus: 0.3,
  paidStatus: 0.5,
  p99Ms: 20,
  firstLoadGzipKb: 170,
  lighthousePerformance: 95,
  lighthouseSeo: 95,
  lcpMs: 2500,
};

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** What the portal's child process answers once seeded: its port, and whom to ask about what. */
export interface Seed {
  port: number;
  tokens: string[];
  pending: [string, string][];
  paid: [string, string][];
}

/**
 * The i-th seeded session's token and payment id, derived from i: the parent process computes
 * them itself instead of reading 250,000 of them from the child.
 */
export const tokenOf = (i: number) =>
  createHash('sha256').update(`bench-session:${i}`).digest('base64url');
export const paymentIdOf = (i: number) =>
  generateTransactionId((size) =>
    createHash('sha256').update(`bench-payment:${i}`).digest().subarray(0, size),
  );

/** The IC of the i-th seeded member (0-based; the SQL numbers them from 1). */
export const icOf = (i: number) => `8001${String(i + 1).padStart(8, '0')}`;

/** One line of the report: a figure's name, its value per database, and its target. */
export interface Row {
  name: string;
  cells: Partial<Record<Database, string>>;
  target: string;
}

export const ms = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} ms`;
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
