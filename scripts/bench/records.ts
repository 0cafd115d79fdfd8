import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { ApiPaths } from '../../src/contract/api';
import { Argon2PasswordHasher } from '../../server/adapters/hashing/argon2-password-hasher.adapter';
import { PdfkitReceiptRenderer } from '../../server/adapters/pdf/pdfkit-receipt-renderer.adapter';
import { historySql } from '../../server/adapters/postgres/postgres-payment-history-store.adapter';
import { hashSessionToken } from '../../server/domain/session-policy';
import { generateTransactionId } from '../../server/domain/transaction';
import { renderSampleReceipts } from '../../server/use-cases/render-receipt-pdf.use-case';
import { createScratchDatabase, type ScratchDatabase } from '../support/databases';
import { start, stop } from './children';
import { load } from './load';
import { listeningPortal } from './portal-server';
import { type Database, ms, PASSWORD, type Row, verdict } from './settings';

/**
 * The members' payment records' speed figures (docs/performance.md):
 *  - the history list of a member with 1,000 payments, on PostgreSQL at 50 connections: every
 *    page of it (20 a page, each by its keyset cursor) and the first pages of each status filter,
 *    with p99; EXPLAIN ANALYZE of a first, a deep and a filtered page shows the index is used;
 *  - receipt PDFs drawn one after another in this process (one core): per second, and bytes each.
 */

/** The member whose history is read, and the other members' payments around theirs. */
const HISTORY_PAYMENTS = 1000;
const OTHER_MEMBERS = 200;
const OTHER_PAYMENTS_EACH = 50;
/** The history allows 60 reads per session a minute: the load spreads over this many sessions. */
const HISTORY_SESSIONS = 1000;
const RECEIPTS = 200;
const HISTORY_INDEXES = [
  'transactions_member_history_idx',
  'transactions_member_status_history_idx',
];

export const RECORD_TARGETS = { historyP99Ms: 50, receiptsPerSecondPerCore: 50, receiptMaxKb: 100 };

interface RecordsSeed {
  port: number;
  tokens: string[];
  /** EXPLAIN ANALYZE of each history page statement, by name. */
  plans: Record<string, string[]>;
}

/**
 * The `--serve-records` child: the portal on a scratch PostgreSQL database with one member's
 * 1,000 payments (completed with receipt numbers, failed and pending, a minute apart) among
 * 10,000 of other members, analysed; prints `READY <RecordsSeed>`; SIGTERM drops the database.
 */
export async function serveRecords(): Promise<void> {
  const scratch = await createScratchDatabase();
  try {
    await seedAndServe(scratch);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

async function seedAndServe(scratch: ScratchDatabase): Promise<void> {
  const { container, app, port } = await listeningPortal({}, { databaseUrl: scratch.url });
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await container.close();
      await scratch.drop();
      process.exit(0);
    })();
  });

  const db = container.db;
  const now = new Date();
  const passwordHash = await new Argon2PasswordHasher().hash(PASSWORD);
  const reader = randomUUID();
  const memberIds = [reader, ...Array.from({ length: OTHER_MEMBERS }, () => randomUUID())];
  await db.query(
    `INSERT INTO members (id, name, nationality, ic_or_passport, phone_no, password_hash,
                          created_at, updated_at)
     SELECT id, 'Member ' || n, 'Malaysian', '8002' || lpad(n::text, 8, '0'),
            '6014' || lpad(n::text, 8, '0'), $2, $3, $3
       FROM unnest($1::uuid[]) WITH ORDINALITY AS m(id, n)`,
    [memberIds, passwordHash, now],
  );
  const tokens = Array.from({ length: HISTORY_SESSIONS }, () =>
    randomBytes(32).toString('base64url'),
  );
  await db.query(
    `INSERT INTO sessions (id, member_id, token_hash, created_at, last_seen_at)
     SELECT gen_random_uuid(), $1, h, $3, $3 FROM unnest($2::text[]) AS x(h)`,
    [reader, tokens.map(hashSessionToken), now],
  );
  // The reader's payments first, then the others' (OTHER_PAYMENTS_EACH each), one a minute.
  const owners = [
    ...Array.from({ length: HISTORY_PAYMENTS }, () => reader),
    ...memberIds.slice(1).flatMap((id) => Array.from({ length: OTHER_PAYMENTS_EACH }, () => id)),
  ];
  const ids = owners.map(() => generateTransactionId(randomBytes));
  await db.query(
    `INSERT INTO transactions (id, member_id, amount_sen, payment_method, status, created_at,
                               updated_at, finalised_at, receipt_number)
     SELECT t, m, 5000 + n, 'qr', s, c, c, CASE WHEN s <> 'pending' THEN c END,
            CASE WHEN s = 'completed' THEN 'R-2026-' || lpad(n::text, 6, '0') END
       FROM (SELECT t, m, n, $3::timestamptz - n * interval '1 minute' AS c,
                    CASE WHEN n % 10 = 0 THEN 'failed' WHEN n % 25 = 1 THEN 'pending'
                         ELSE 'completed' END AS s
               FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS x(t, m, n)) AS p`,
    [ids, owners, now],
  );
  await db.query('ANALYZE transactions');

  // The 500th payment's keyset position: a page halfway down the history.
  const [middle] = await db.query<{ created_at: Date; id: string }>(
    `SELECT created_at, id FROM transactions WHERE member_id = $1
      ORDER BY created_at DESC, id DESC OFFSET 499 LIMIT 1`,
    [reader],
  );
  const after = { createdAt: new Date(middle.created_at), transactionId: middle.id };
  const plans: Record<string, string[]> = {};
  for (const [name, query] of [
    ['first page', { status: null, after: null }],
    ['page 26 (by cursor)', { status: null, after }],
    ['first page, failed', { status: 'failed' as const, after: null }],
  ] as const) {
    const { text, params } = historySql({ memberId: reader, limit: 21, ...query });
    const rows = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
      params,
    );
    plans[name] = rows.map((r) => r['QUERY PLAN']);
  }
  const seed: RecordsSeed = { port, tokens, plans };
  console.log(`READY ${JSON.stringify(seed)}`);
}

/** Every history page's query string: each page by its cursor, then each filter's first page. */
async function historyQueries(seed: RecordsSeed): Promise<string[]> {
  const queries: string[] = [];
  let cursor: string | null = null;
  let page = 0;
  do {
    const query: string = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
    const res = await fetch(`http://127.0.0.1:${seed.port}/api${ApiPaths.paymentHistory}${query}`, {
      headers: { authorization: `Bearer ${seed.tokens[page % seed.tokens.length]}` },
    });
    if (res.status !== 200) throw new Error(`history page ${page + 1} answered ${res.status}`);
    const body = (await res.json()) as { data: { nextCursor: string | null } };
    queries.push(query);
    cursor = body.data.nextCursor;
    page += 1;
  } while (cursor !== null);
  return [...queries, '?status=completed', '?status=pending', '?status=failed'];
}

/** Adds the history figure (PostgreSQL) and the receipt PDF figures to `rows`. */
export async function measureRecords(
  seconds: number,
  databases: Database[],
  rows: Row[],
): Promise<void> {
  const add = (name: string, database: Database, cell: string, target: string) =>
    rows.push({ name, cells: { [database]: cell }, target });
  const historyName = `history list, ${HISTORY_PAYMENTS} payments, 20 a page, every page`;
  const historyTarget = `p99 < ${RECORD_TARGETS.historyP99Ms} ms`;
  if (!databases.includes('postgres')) {
    add(historyName, databases[0], 'not run: PostgreSQL unreachable', historyTarget);
  } else {
    const { child, ready } = await start(['--serve-records']);
    try {
      add(
        'load average (1 min) before the history figure',
        'postgres',
        loadavg()[0].toFixed(1),
        '',
      );
      const seed = ready as RecordsSeed;
      const queries = await historyQueries(seed);
      const figure = await load(
        seed.port,
        seconds,
        (i) => ({
          method: 'GET',
          path: `/api${ApiPaths.paymentHistory}${queries[i % queries.length]}`,
          token: seed.tokens[i % seed.tokens.length],
        }),
        queries.length * 10,
      );
      add(
        historyName,
        'postgres',
        `${figure.rate.toFixed(0)} req/s over ${queries.length} pages, p50 ${ms(figure.p50)}, ` +
          `p99 ${ms(figure.p99)}, non-2xx ${figure.non2xx} ` +
          verdict(figure.p99 < RECORD_TARGETS.historyP99Ms && figure.non2xx === 0),
        historyTarget,
      );
      // Each page read in the index's order: its rows come from the index, with no sort after.
      const used = Object.values(seed.plans).map((plan) => {
        const index = HISTORY_INDEXES.find((name) => plan.some((line) => line.includes(name)));
        const sorted = plan.some((line) => /Sort/.test(line));
        return {
          index,
          ok: index !== undefined && !sorted,
          text: (index ?? 'NO INDEX') + (sorted ? ' + SORT' : ''),
        };
      });
      add(
        'history EXPLAIN: first, deep (cursor), failed-only page',
        'postgres',
        `${used.map((u) => u.text).join(', ')} ${verdict(used.every((u) => u.ok))}`,
        'an index scan, no sort',
      );
      for (const [name, plan] of Object.entries(seed.plans)) {
        console.error(`  EXPLAIN ANALYZE, ${name}:\n${plan.map((l) => `    ${l}`).join('\n')}`);
      }
    } finally {
      await stop(child);
    }
  }

  // Receipts: one after another in this process, so on one core at most. The rate is counted per
  // second of this process's CPU time (other work on a shared machine takes wall time, not this).
  const renderer = new PdfkitReceiptRenderer();
  const rates: string[] = [];
  const sizes: string[] = [];
  let fast = true;
  let small = true;
  for (const language of ['en', 'zn'] as const) {
    await renderSampleReceipts(renderer, 10, language);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { bytes } = await renderSampleReceipts(renderer, RECEIPTS, language);
    const used = process.cpuUsage(cpu);
    const perSecond = RECEIPTS / ((used.user + used.system) / 1e6);
    const perWallSecond = RECEIPTS / ((performance.now() - started) / 1000);
    const largest = Math.max(...bytes) / 1024;
    const mean = bytes.reduce((sum, b) => sum + b, 0) / bytes.length / 1024;
    fast &&= perSecond >= RECORD_TARGETS.receiptsPerSecondPerCore;
    small &&= largest < RECORD_TARGETS.receiptMaxKb;
    rates.push(
      `${language} ${perSecond.toFixed(0)}/s (${perWallSecond.toFixed(0)}/s of wall time)`,
    );
    sizes.push(`${language} ${mean.toFixed(1)} KB (largest ${largest.toFixed(1)} KB)`);
  }
  add(
    `receipt PDFs per CPU second, one core (${availableParallelism()} cores here)`,
    databases[0],
    `${rates.join(', ')} ${verdict(fast)}`,
    `≥ ${RECORD_TARGETS.receiptsPerSecondPerCore}/s per core`,
  );
  add(
    'bytes per receipt PDF (mean)',
    databases[0],
    `${sizes.join(', ')} ${verdict(small)}`,
    `< ${RECORD_TARGETS.receiptMaxKb} KB each`,
  );
  add('load average (1 min) after these figures', databases[0], loadavg()[0].toFixed(1), '');
}
