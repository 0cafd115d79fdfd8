import { Argon2PasswordHasher } from '../../server/adapters/hashing/argon2-password-hasher.adapter';
import { type Database as Db, openDatabase } from '../../server/adapters/postgres/database';
import { paymentSearchSql } from '../../server/adapters/postgres/postgres-payment-directory.adapter';
import { parsePaymentFilter } from '../../server/domain/ops/payment-filter';
import { buildOpsApp } from '../../server/ops-http/app';
import { CLI } from '../../server/use-cases/ops/actor';
import { PAGE_SIZE } from '../../server/use-cases/ops/payment-support.use-case';
import { type PaymentSearchQuery } from '../../src/contract/ops-payments-api';
import { type OpsRole } from '../../src/contract/ops-roles';
import { createScratchDatabase, type ScratchDatabase } from '../support/databases';
import { searchKinds, seedConsole, type Sizes } from './console-seed';
import { listeningPortal } from './portal-server';
import { type Database, PASSWORD } from './settings';

/** Payments seeded for the console's figures: a million on PostgreSQL, 100,000 on PGlite. */
const CONSOLE_PAYMENTS: Record<Database, number> = { postgres: 1_000_000, pglite: 100_000 };
/** Concurrent operators per kind of search, and the requests each makes (plus its warm-up). */
export const OPERATORS = 10;
export const REQUESTS_PER_OPERATOR = 100;
export const WARM_UP_PER_OPERATOR = 10;

/** What EXPLAIN says of every query of one kind. */
export interface PlanCheck {
  /** The indexes of `transactions` the plans read, each once. */
  indexes: string[];
  /** How many of its queries' plans read no index of `transactions`. */
  withoutIndex: number;
  /** How many of its queries' plans read `transactions` whole (Seq Scan). */
  seqScans: number;
  checked: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of its first query. */
  analyzed: string[];
}

/** An operator created by the command line: their e-mail and enrolment token. */
export interface Invited {
  email: string;
  token: string;
}

/** What the `--serve-console` child answers once seeded (READY <json>). */
export interface ConsoleSeed {
  /** The console listener's port. */
  port: number;
  sizes: Sizes;
  seededSeconds: number;
  kinds: { name: string; paths: string[]; plan: PlanCheck }[];
  /** Not yet enrolled: OPERATORS fresh `support` operators per kind, in the kinds' order. */
  searchers: Invited[];
  /** A `finance` operator, for the export. */
  exporter: Invited;
}

const searchPath = (query: PaymentSearchQuery) =>
  `/api/payments?${new URLSearchParams(query as Record<string, string>).toString()}`;

/**
 * The `--serve-console <database> [--data-dir <dir>]` child: the server with its console listener
 * (the per-address limit raised by OPS_RATE_LIMIT_PER_MINUTE, the per-operator budgets as they
 * are), on a scratch PostgreSQL database or PGlite in `dataDir`, seeded (console-seed.ts) with
 * CONSOLE_PAYMENTS[database] payments; operators created by the command line's use case (not yet
 * enrolled: the bench enrols them over HTTP). Prints `READY <ConsoleSeed>`; SIGTERM closes it and
 * drops the scratch database.
 */
export async function serveConsole(database: Database, dataDir = 'memory://'): Promise<void> {
  const started = performance.now();
  const scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
  try {
    await seedAndServe(database, dataDir, scratch, started);
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
}

async function seedAndServe(
  database: Database,
  dataDir: string,
  scratch: ScratchDatabase | undefined,
  started: number,
): Promise<void> {
  const { container, app, config } = await listeningPortal(
    { OPS_RATE_LIMIT_PER_MINUTE: '1000000' },
    { dataDir, databaseUrl: scratch?.url },
  );
  const ops = await buildOpsApp(container, config, { distDir: '/nonexistent' });
  process.once('SIGTERM', () => {
    void (async () => {
      await ops.close();
      await app.close();
      await container.close();
      await scratch?.drop();
      process.exit(0);
    })();
  });
  await ops.listen({ host: '127.0.0.1', port: 0 });
  const address = ops.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');

  const operator = async (role: OpsRole, label: string) => {
    const email = `${label}@bench.test`;
    const created = await container.manageOperators.create(CLI, { name: label, email, role });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    return { email, token: created.value.token, id: created.value.operatorId };
  };
  const now = new Date();
  const deciders = [
    await operator('finance', 'refunder-a'),
    await operator('finance', 'refunder-b'),
  ];
  // On PostgreSQL through a connection of its own, without the pool's 5 s statement timeout.
  const seeding = scratch
    ? await openDatabase({ databaseUrl: scratch.url, dataDir, statementTimeoutMs: 1_800_000 })
    : container.db;
  const sizes = await seedConsole(
    seeding,
    CONSOLE_PAYMENTS[database],
    await new Argon2PasswordHasher().hash(PASSWORD),
    [deciders[0].id, deciders[1].id],
    now,
  );
  const kinds = await searchKinds(seeding, now);
  if (seeding !== container.db) await seeding.close();
  const searchers: Invited[] = [];
  for (let i = 0; i < kinds.length * OPERATORS; i += 1) {
    const { email, token } = await operator('support', `searcher-${i}`);
    searchers.push({ email, token });
  }
  const { email, token } = await operator('finance', 'exporter');
  const seed: ConsoleSeed = {
    port: address.port,
    sizes,
    seededSeconds: (performance.now() - started) / 1000,
    kinds: await Promise.all(
      kinds.map(async (kind) => ({
        name: kind.name,
        paths: kind.queries.map(searchPath),
        plan: await planOf(container.db, kind.queries),
      })),
    ),
    searchers,
    exporter: { email, token },
  };
  console.log(`READY ${JSON.stringify(seed)}`);
}

const INDEX_READ = /(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g;

/** EXPLAIN of the search's own statement (paymentSearchSql) for each query of a kind. */
async function planOf(db: Db, queries: PaymentSearchQuery[]): Promise<PlanCheck> {
  const check: PlanCheck = { indexes: [], withoutIndex: 0, seqScans: 0, checked: 0, analyzed: [] };
  for (const [i, query] of queries.entries()) {
    const filter = parsePaymentFilter(query);
    if (!filter.ok) throw new Error(`bench query refused: ${JSON.stringify(query)}`);
    const { text, params } = paymentSearchSql(filter.value, { limit: PAGE_SIZE + 1 });
    const options = i === 0 ? 'ANALYZE, BUFFERS, COSTS OFF' : 'COSTS OFF';
    const lines = (
      await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (${options}) ${text}`, params)
    ).map((row) => row['QUERY PLAN']);
    if (i === 0) check.analyzed = lines;
    const plan = lines.join('\n');
    const read = [...plan.matchAll(INDEX_READ)]
      .map((match) => match[1])
      .filter((index) => index.startsWith('transactions_'));
    for (const index of read) if (!check.indexes.includes(index)) check.indexes.push(index);
    if (read.length === 0) check.withoutIndex += 1;
    if (/Seq Scan on transactions/.test(plan)) check.seqScans += 1;
    check.checked += 1;
  }
  return check;
}
