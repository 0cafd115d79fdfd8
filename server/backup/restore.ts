import { spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../adapters/postgres/database';
import { LOCK_FILE, lockHolder } from '../adapters/postgres/pglite-lock';
import { MIGRATIONS_DIR } from '../adapters/postgres/migrate';
import { CHANNEL_FILE } from '../ops-cli/local-channel';
import { BackupFileError, payloadMismatch, payloadStream, readManifest } from './backup-file';
import { type BackupManifest } from './backup-manifest';
import { pgConnection } from './take-backup';
import { decryptedPayload, type Decryption } from './backup-encryption';

/** Where a restore writes: a PostgreSQL database (by URL) or a PGlite data directory. */
export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** A restore that was refused before anything was written: one line saying why. */
export class RestoreRefused extends Error {}

export function targetOf(into: string): RestoreTarget {
  return /^postgres(ql)?:\/\//.test(into)
    ? { kind: 'postgres', url: into }
    : { kind: 'pglite', dir: path.resolve(into.replace(/^file:\/\//, '')) };
}

export interface RestoreOptions {
  /** Empties a target that holds data first; without it such a target is refused. */
  replace?: boolean;
  decryption?: Decryption;
  migrationsDir?: string;
}

/**
 * Checks a backup file and restores its payload into `target`. Refuses, writing nothing: a file
 * whose payload's SHA-256 does not match its manifest, a schema newer than this code's
 * migrations, a payload of the other database kind, and a target holding data unless `replace`.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(file).catch((error: unknown) => {
    throw error instanceof BackupFileError ? new RestoreRefused(error.message) : error;
  });
  const mismatch = await payloadMismatch(file, manifest);
  if (mismatch !== null) throw new RestoreRefused(`Refused: ${mismatch}`);
  const known = (await readdir(options.migrationsDir ?? MIGRATIONS_DIR))
    .filter((name) => name.endsWith('.sql'))
    .sort();
  if (!known.includes(manifest.schemaVersion)) {
    throw new RestoreRefused(
      `Refused: the backup's schema is ${manifest.schemaVersion}, which this code does not know (its last migration is ${known[known.length - 1]}): restore it with the release that took it, or a newer one.`,
    );
  }
  const wanted = manifest.payload === 'pglite-datadir' ? 'pglite' : 'postgres';
  if (target.kind !== wanted) {
    throw new RestoreRefused(
      `Refused: this backup is of ${wanted === 'pglite' ? 'PGlite (restore it into a data directory)' : 'PostgreSQL (restore it into a postgres:// database)'}.`,
    );
  }
  const decrypt = (): AsyncIterable<Buffer> =>
    decryptedPayload(payloadStream(file, manifest), manifest, options.decryption);
  if (target.kind === 'pglite') await restorePglite(target.dir, decrypt, options.replace === true);
  else await restorePostgres(target.url, decrypt, options.replace === true);
  return manifest;
}

const gunzipped = promisify(gunzip);

async function restorePglite(
  dir: string,
  payload: () => AsyncIterable<Buffer>,
  replace: boolean,
): Promise<void> {
  const entries = existsSync(dir) ? await readdir(dir) : [];
  // A live holder's lock (a killed server's is no one's: --replace clears it).
  if (entries.includes(LOCK_FILE) && lockHolder(dir) !== null) {
    throw new RestoreRefused(
      `Refused: ${dir} is in use (a server or a command holds it): stop it first.`,
    );
  }
  if (entries.length > 0 && !replace) {
    throw new RestoreRefused(`Refused: ${dir} is not empty; add --replace to overwrite it.`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of payload()) chunks.push(chunk);
  for (const entry of entries) await rm(path.join(dir, entry), { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tar = await gunzipped(Buffer.concat(chunks));
  const db = await openDatabase({ dataDir: dir, pgliteImage: new Blob([tar]) });
  await db.close();
  // The source's own lock and channel, copied with its directory, are no one's here.
  await rm(path.join(dir, CHANNEL_FILE), { force: true });
}

/** Schemas a restore may find in an empty database (PostgreSQL's own, and an empty public). */
const SYSTEM_SCHEMA = "nspname IN ('information_schema') OR nspname LIKE 'pg\\_%'";

async function restorePostgres(
  url: string,
  payload: () => AsyncIterable<Buffer>,
  replace: boolean,
): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND NOT (${SYSTEM_SCHEMA})`,
    );
    if (Number(rows[0]?.n ?? 0) > 0) {
      if (!replace) {
        throw new RestoreRefused(
          'Refused: the target database is not empty; add --replace to overwrite it.',
        );
      }
      const schemas = await client.query<{ nspname: string }>(
        `SELECT nspname FROM pg_namespace WHERE NOT (${SYSTEM_SCHEMA})`,
      );
      for (const { nspname } of schemas.rows) {
        await client.query(`DROP SCHEMA "${nspname.replace(/"/g, '""')}" CASCADE`);
      }
      await client.query('CREATE SCHEMA IF NOT EXISTS public');
    }
  } finally {
    await client.end();
  }
  await pgRestore(url, payload());
}

/**
 * pg_restore reading the dump from its standard input, in one transaction (a failure leaves the
 * target as it was); its own message when it fails.
 */
async function pgRestore(url: string, payload: AsyncIterable<Buffer>): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const child = spawn(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`],
    {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text.slice(0, 2000)));
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
  child.stdin.on('error', () => undefined);
  for await (const chunk of payload) {
    if (!child.stdin.write(chunk))
      await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`pg_restore failed (exit ${code}): ${stderr.trim()}`);
}
