import { existsSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { Redis } from 'ioredis';
import { SystemClock } from '../../src/contract/clock';
import { paymentGatewayNamed } from '../adapters/gateways/payment-gateway.factory';
import { HttpGatewayStatusClient } from '../adapters/payments/http-gateway-status-client.adapter';
import { HmacSha256PaymentSigner } from '../adapters/payments/hmac-sha256-payment-signer.adapter';
import { type Database, openDatabase } from '../adapters/postgres/database';
import { MIGRATIONS_DIR } from '../adapters/postgres/migrate';
import { dataDirPath, LOCK_FILE, lockHolder } from '../adapters/postgres/pglite-lock';
import {
  type CheckOutcome,
  fail,
  ok,
  type PreflightCheck,
  type PreflightContext,
  skip,
  warn,
  within,
  reasonOf,
} from './check';
import { trustProxyCheck } from './proxy-check';

/** How long any one outside service may take to answer the doctor. */
const ANSWER_MS = 5000;
/** How far the database's clock may be from this machine's (sessions, codes and jobs use both). */
const MAX_CLOCK_SKEW_MS = 2000;

const gateway: PreflightCheck = {
  name: 'gateway',
  fatal: false,
  run: async ({ config, fetchFn }) => {
    const signer = new HmacSha256PaymentSigner(config.gatewaySecret);
    const statusClient = new HttpGatewayStatusClient(
      () => config.gatewayStatusUrl,
      ANSWER_MS,
      fetchFn,
    );
    const answers: string[] = [];
    for (const kind of config.gateways.enabled) {
      const adapter = paymentGatewayNamed(
        kind,
        config,
        signer,
        new SystemClock(),
        statusClient,
        fetchFn,
      );
      if (!adapter.capabilities.statusQuery) {
        answers.push(`${kind}: no status query to try`);
        continue;
      }
      // A payment no gateway knows: any well-formed answer (not found) proves keys and address.
      const probe = { transactionId: `preflight-${Date.now()}`, gatewayRef: null };
      try {
        const answer = await within(adapter.queryStatus(probe), ANSWER_MS, kind);
        answers.push(`${kind} answered a status query (${answer.kind})`);
      } catch (error) {
        return fail(`${kind} did not answer a status query: ${reasonOf(error)}`);
      }
    }
    return ok(answers.join('; '));
  },
};

const database: PreflightCheck = {
  name: 'database',
  fatal: false,
  run: async (context) => {
    const { config } = context;
    if (config.databaseUrl) {
      let db: Database;
      try {
        db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      } catch (error) {
        // The message of a failed connection names host and port, never the password.
        return fail(`PostgreSQL (DATABASE_URL) does not answer: ${reasonOf(error)}`);
      }
      try {
        return await schemaAndClock(db, context);
      } finally {
        await db.close();
      }
    }
    const dir = dataDirPath(config.dataDir);
    if (dir === undefined)
      return skip(`DATA_DIR=${config.dataDir}: a fresh database at each start`);
    const holder = lockHolder(dir);
    if (holder !== null) {
      return ok(`PGlite in ${dir}, held by the running server (pid ${holder.pid ?? '?'})`);
    }
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name !== LOCK_FILE) : [];
    if (files.length === 0) return warn(`no database in ${dir} yet: the first start makes it`);
    const db = await openDatabase({ dataDir: config.dataDir });
    try {
      return await schemaAndClock(db, context);
    } finally {
      await db.close();
    }
  },
};

/** Which of this release's migrations the database has, and how its clock compares. */
async function schemaAndClock(db: Database, { now }: PreflightContext): Promise<CheckOutcome> {
  const known = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name));
  const tables = await db.query<{ name: string | null }>(
    `SELECT to_regclass('schema_migrations')::text AS name`,
  );
  const applied =
    tables[0]?.name == null
      ? []
      : (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name);
  const pending = known.filter((name) => !applied.includes(name)).sort();
  const sentAt = now();
  const [row] = await db.query<{ ms: string }>(
    'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS ms',
  );
  const skew = Math.abs(Number(row?.ms) - (sentAt + now()) / 2);
  const which = db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  if (db.kind === 'postgres' && skew > MAX_CLOCK_SKEW_MS) {
    return fail(
      `${which}'s clock is ${(skew / 1000).toFixed(1)} s from this machine's (at most 2 s)`,
    );
  }
  if (pending.length > 0) {
    return warn(
      `${which} answers; ${pending.length} migration(s) pending, applied at the next start ` +
        `(first ${pending[0]})`,
    );
  }
  return ok(`${which} answers, every migration applied, clocks within 2 s`);
}

const redis: PreflightCheck = {
  name: 'redis',
  fatal: false,
  run: async ({ config }) => {
    if (config.redisUrl === undefined) return skip('REDIS_URL unset: budgets per instance');
    const client = new Redis(config.redisUrl, {
      lazyConnect: true,
      connectTimeout: 3000,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await within(client.connect(), ANSWER_MS, 'Redis');
      const pong = await within(client.ping(), ANSWER_MS, 'Redis');
      return pong === 'PONG' ? ok('Redis answers (REDIS_URL)') : fail(`Redis answered ${pong}`);
    } catch (error) {
      return fail(`Redis (REDIS_URL) does not answer: ${reasonOf(error)}`);
    } finally {
      // Ended already (refused): disconnecting again would hold the process for its 2 s timer.
      if (client.status !== 'end') client.disconnect();
    }
  },
};

/** The checks that ask a service: the doctor's only, never a condition of start. */
export const SERVICE_CHECKS: readonly PreflightCheck[] = [
  trustProxyCheck,
  gateway,
  database,
  redis,
];
