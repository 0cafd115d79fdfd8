import { randomUUID } from 'node:crypto';
import { Argon2PasswordHasher } from '../../server/adapters/hashing/argon2-password-hasher.adapter';
import { openDatabase } from '../../server/adapters/postgres/database';
import { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../server/config';
import { createContainer, type ServerContainer } from '../../server/container';
import { hashSessionToken } from '../../server/domain/session-policy';
import { buildApp } from '../../server/http/app';
import { createScratchDatabase } from '../support/databases';
import { type Database, PASSWORD, paymentIdOf, type Seed, SESSIONS, tokenOf } from './settings';

/**
 * The portal's server as the bench runs it (test settings, logs silent, the per-address budget
 * out of the loader's way), listening on a free loopback port that is also its public address.
 * `env` adds settings; `overrides` replaces values of the loaded configuration.
 */
export async function listeningPortal(
  env: Record<string, string>,
  overrides: Partial<Config>,
): Promise<{ container: ServerContainer; app: FastifyInstance; port: number; config: Config }> {
  const config = {
    ...loadConfig({
      APP_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    }),
    ...overrides,
  };
  const container = await createContainer(config);
  const app = await buildApp(container, config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  config.publicUrl = `http://127.0.0.1:${address.port}`;
  return { container, app, port: address.port, config };
}

/**
 * The `--serve <database> [--data-dir <dir>] [--sessions <n>]` child: the portal's server on
 * PGlite (in `dir`, which `initPglite` created, else in memory) or on a scratch PostgreSQL
 * database, seeded with `sessions` members (SESSIONS by default), their sessions and a payment
 * each (even ones pending, odd ones paid; tokens and ids from tokenOf and paymentIdOf). Prints
 * `READY <json>` (the Seed; its lists only up to SESSIONS) once listening and seeded; SIGTERM
 * closes it and drops the scratch database.
 */
export async function servePortal(
  database: Database,
  cache: boolean,
  dataDir = 'memory://',
  sessions = SESSIONS,
): Promise<void> {
  const scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
  const { container, app, port } = await listeningPortal(
    { READ_CACHE_TTL_MS: cache ? '30000' : '0' },
    { dataDir, databaseUrl: scratch?.url },
  );
  const stop = async () => {
    await app.close();
    await container.close();
    await scratch?.drop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());

  const seed = { port, ...(await seedMembers(container.db, sessions)) };
  console.log(`READY ${JSON.stringify(seed)}`);
}

/**
 * Seeds `sessions` members into a migrated database, their sessions and a payment each (even
 * ones pending, odd ones paid; tokens and ids from tokenOf and paymentIdOf), in SQL, a chunk at a
 * time: registering members over HTTP would mostly time argon2. Answers the Seed's lists (up to
 * SESSIONS). The deploy test seeds the image's PGlite volume with it.
 */
export async function seedMembers(
  db: Awaited<ReturnType<typeof createContainer>>['db'],
  sessions = SESSIONS,
): Promise<Omit<Seed, 'port'>> {
  const now = new Date();
  const passwordHash = await new Argon2PasswordHasher().hash(PASSWORD);
  const seed: Omit<Seed, 'port'> = { tokens: [], pending: [], paid: [] };
  const CHUNK = 25_000;
  for (let from = 0; from < sessions; from += CHUNK) {
    const memberIds: string[] = [];
    const sessionIds: string[] = [];
    const tokenHashes: string[] = [];
    const paymentIds: string[] = [];
    const numbers: number[] = [];
    for (let i = from; i < Math.min(sessions, from + CHUNK); i++) {
      memberIds.push(randomUUID());
      sessionIds.push(randomUUID());
      tokenHashes.push(hashSessionToken(tokenOf(i)));
      paymentIds.push(paymentIdOf(i));
      numbers.push(i + 1);
      if (i < SESSIONS) {
        seed.tokens.push(tokenOf(i));
        // Members poll a pending payment; a paid one is read again by its receipt page.
        (i % 2 === 0 ? seed.pending : seed.paid).push([tokenOf(i), paymentIdOf(i)]);
      }
    }
    await insertChunk(
      db,
      { memberIds, sessionIds, tokenHashes, paymentIds, numbers },
      passwordHash,
      now,
    );
  }
  await countSeededReceipts(db, now, sessions);
  return seed;
}

/** One chunk of seeded members (numbered from 1), their sessions and payments. */
async function insertChunk(
  db: Awaited<ReturnType<typeof createContainer>>['db'],
  rows: {
    memberIds: string[];
    sessionIds: string[];
    tokenHashes: string[];
    paymentIds: string[];
    numbers: number[];
  },
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO members (id, name, nationality, ic_or_passport, phone_no, password_hash,
                          created_at, updated_at)
     SELECT id, 'Member ' || n, 'Malaysian', '8001' || lpad(n::text, 8, '0'),
            '6013' || lpad(n::text, 8, '0'), $3, $4, $4
       FROM unnest($1::uuid[], $2::int[]) AS m(id, n)`,
    [rows.memberIds, rows.numbers, passwordHash, now],
  );
  await db.query(
    `INSERT INTO sessions (id, member_id, token_hash, created_at, last_seen_at)
     SELECT s, m, h, $4, $4 FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS x(s, m, h)`,
    [rows.sessionIds, rows.memberIds, rows.tokenHashes, now],
  );
  // The i-th member (n = i + 1): a pending payment when i is even, a paid one (with its receipt
  // number, R-<year>-<n>) when odd.
  await db.query(
    `INSERT INTO transactions (id, member_id, amount_sen, payment_method, status, created_at,
                               updated_at, finalised_at, receipt_number)
     SELECT t, m, 12345, 'qr', CASE WHEN n % 2 = 0 THEN 'completed' ELSE 'pending' END, $4, $4,
            CASE WHEN n % 2 = 0 THEN $4::timestamptz END,
            CASE WHEN n % 2 = 0 THEN 'R-' || $5 || '-' || lpad(n::text, 6, '0') END
       FROM unnest($1::text[], $2::uuid[], $3::int[]) AS x(t, m, n)`,
    [rows.paymentIds, rows.memberIds, rows.numbers, now, receiptYear(now)],
  );
}

/** The year of a receipt completed at `now`: the year in Malaysia (UTC+8), as the stores count. */
const receiptYear = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();

/** The receipt counter of `now`'s year past the seeded numbers (1..sessions), so none repeats. */
async function countSeededReceipts(
  db: Awaited<ReturnType<typeof createContainer>>['db'],
  now: Date,
  sessions: number,
): Promise<void> {
  await db.query(
    `INSERT INTO receipt_counters (year, last_number) VALUES ($1, $2)
     ON CONFLICT (year) DO UPDATE SET last_number = greatest(receipt_counters.last_number, $2)`,
    [receiptYear(now), sessions],
  );
}

/**
 * The `--init-pglite <dir>` child: creates PGlite's data directory and exits. Creating one runs
 * initdb in a second, temporary PGlite whose memory (hundreds of MiB) stays resident in the
 * creating process until V8's next full collection; the portal then starts on the directory as
 * an instance restarts in production, and its memory figures are a restarted instance's.
 */
export async function initPglite(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  await db.close();
  console.log('READY {}');
}
