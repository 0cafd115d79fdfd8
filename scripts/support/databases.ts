import { Client } from 'pg';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migratedTemplate } from './database-images';

export type TestDatabase = 'pglite' | 'postgres';

/** The admin connection used to create and drop one fresh database per test app. */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: boolean | undefined;

/**
 * Runs `script` in a child node process with `url` as its argument and says whether it exited 0
 * within 10 s. Synchronous because `describe.each` needs its list while jest collects tests,
 * before any async hook runs; shared by the PostgreSQL and Redis checks. Within one jest run
 * (TEST_PROBES_DIR, made by test/setup/probes.js) the first suite's answer serves the others.
 */
export function probeSync(script: string, url: string): boolean {
  const dir = process.env.TEST_PROBES_DIR;
  const key = createHash('sha256').update(`${script}\n${url}`).digest('hex').slice(0, 16);
  const answer = dir === undefined ? undefined : join(dir, key);
  if (answer !== undefined && existsSync(answer)) return readFileSync(answer, 'utf8') === 'yes';
  let reachable: boolean;
  try {
    execFileSync(process.execPath, ['-e', script, url], { stdio: 'ignore', timeout: 10_000 });
    reachable = true;
  } catch {
    reachable = false;
  }
  if (answer !== undefined) writeFileSync(answer, reachable ? 'yes' : 'no');
  return reachable;
}

/** Whether the local PostgreSQL server answers. */
function postgresReachable(): boolean {
  reachable ??= probeSync(
    `
    const { Client } = require('pg');
    const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query('SELECT 1')).then(() => c.end()).then(
      () => process.exit(0),
      () => process.exit(1),
    );`,
    POSTGRES_ADMIN_URL,
  );
  return reachable;
}

/**
 * The databases a server suite runs on: in-memory PGlite always, plus the local PostgreSQL
 * server. Without PostgreSQL the run fails when CI or REQUIRE_PG is set, else warns loudly.
 * Usage: `describe.each(eachDatabase())('... on %s', (database) => { ... })`.
 */
export function eachDatabase(): TestDatabase[] {
  if (postgresReachable()) return ['pglite', 'postgres'];
  if (process.env.CI || process.env.REQUIRE_PG) {
    throw new Error(
      `PostgreSQL is required (CI/REQUIRE_PG set) but ${POSTGRES_ADMIN_URL} is unreachable`,
    );
  }
  console.warn(
    `\n**********************************************************************\n` +
      `*  WARNING: PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable.\n` +
      `*  Server tests run on PGlite ONLY. Set REQUIRE_PG=1 to make this fail.\n` +
      `**********************************************************************\n`,
  );
  return ['pglite'];
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `t_<random>` on the local server, empty or (`migrated`) copied from the migrated
 * template; drop() removes it (forcing other sessions off).
 */
export async function createScratchDatabase(
  opts: { migrated?: boolean } = {},
): Promise<ScratchDatabase> {
  const name = `t_${Math.random().toString(36).slice(2, 12)}`;
  const template = opts.migrated ? ` TEMPLATE ${await migratedTemplate(POSTGRES_ADMIN_URL)}` : '';
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}${template}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(fn: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
