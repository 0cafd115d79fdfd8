import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type Config } from '../config';
import { createContainer, type ServerContainer } from '../container';
import { openDatabase } from '../adapters/postgres/database';
import { readManifest } from './backup-file';
import { type BackupManifest, rowCounts } from './backup-manifest';
import { type Decryption } from './backup-encryption';
import { restoreBackup, RestoreRefused, type RestoreTarget } from './restore';

export interface DrillOptions {
  /** Asks the gateway about each payment pending at the backup's time, applying its answers. */
  reconcile?: boolean;
  decryption?: Decryption;
  /** PostgreSQL: the server to create the scratch database on (default: DATABASE_URL's). */
  scratchUrl?: string;
}

/** The drill's report: one line per check, and its exit status (1 on any mismatch). */
export interface DrillReport {
  code: number;
  out: string[];
}

/**
 * The restore drill: the backup restored into a scratch database (a new database on the
 * PostgreSQL server, or a temporary PGlite directory) that is removed afterwards, migrated, its
 * row counts checked against the manifest, the audit log verified up to its last signed
 * checkpoint, and the payments pending at the backup's time listed (those to re-query from the
 * gateway once restored).
 */
export async function restoreDrill(
  file: string,
  config: Config,
  options: DrillOptions = {},
): Promise<DrillReport> {
  const manifest = await readManifest(file);
  const scratch = await scratchFor(manifest, config, options.scratchUrl);
  const out: string[] = [
    `Backup of ${manifest.createdAt}: schema ${manifest.schemaVersion}, ${manifest.bytes} bytes.`,
  ];
  let failed = false;
  const check = (ok: boolean, line: string): void => {
    out.push(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
    if (!ok) failed = true;
  };
  try {
    try {
      await restoreBackup(file, scratch.target, { decryption: options.decryption });
    } catch (error) {
      if (!(error instanceof RestoreRefused)) throw error;
      check(false, error.message);
      return { code: 1, out };
    }
    check(true, `restored into ${scratch.label} (SHA-256 matches the manifest)`);
    const db = await openDatabase(scratch.options);
    const counts = await rowCounts(db).finally(() => db.close());
    const wrong = Object.entries(manifest.rowCounts).filter(([table, n]) => counts[table] !== n);
    check(
      wrong.length === 0,
      wrong.length === 0
        ? `row counts match the manifest in ${Object.keys(manifest.rowCounts).length} tables`
        : `row counts differ: ${wrong.map(([table, n]) => `${table} has ${counts[table] ?? 'no table'}, the manifest says ${n}`).join('; ')}`,
    );
    const container = await createContainer({
      ...config,
      ...scratch.options,
      // The drill's copy shares nothing with the live instances (no cache invalidations).
      redisUrl: undefined,
    });
    try {
      check(true, 'migrations applied');
      await auditChecks(container, manifest, check);
      await pendingPayments(container, options.reconcile === true, out);
    } finally {
      await container.close();
    }
  } finally {
    await scratch.remove();
  }
  out.push(failed ? 'Restore drill FAILED.' : 'Restore drill passed.');
  return { code: failed ? 1 : 0, out };
}

type Check = (ok: boolean, line: string) => void;

/** The restored chain recomputed, its head and last checkpoint against the manifest's. */
async function auditChecks(
  container: ServerContainer,
  manifest: BackupManifest,
  check: Check,
): Promise<void> {
  const report = await container.auditTrail.verify();
  if (report.firstBadSeq !== null) {
    check(false, `audit log: entry ${report.firstBadSeq} was edited, deleted or inserted`);
  }
  if (report.firstBadCheckpoint !== null) {
    check(
      false,
      `audit log: the checkpoint at ${report.firstBadCheckpoint} entries does not match`,
    );
  }
  if (report.missingCheckpoint !== null) {
    check(false, `audit log: the checkpoint at ${report.missingCheckpoint} entries is missing`);
  }
  const [head] = await container.db.query<{ hash: string }>(
    'SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1',
  );
  const expected = manifest.audit;
  const last = report.lastCheckpoint;
  const sameCheckpoint =
    (last === null && expected.lastCheckpoint === null) ||
    (last !== null &&
      last.entries === expected.lastCheckpoint?.entries &&
      last.headHash === expected.lastCheckpoint.headHash);
  check(
    report.entries === expected.entries && (head?.hash ?? expected.headHash) === expected.headHash,
    `audit log: ${report.entries} entries (the manifest says ${expected.entries}), head ${head?.hash ?? 'none'}`,
  );
  check(
    sameCheckpoint && report.firstBadSeq === null && report.firstBadCheckpoint === null,
    last === null
      ? 'audit log: no signed checkpoint'
      : `audit log verified up to the checkpoint signed at ${last.signedAt.toISOString()} (${last.entries} entries)`,
  );
}

/** The payments pending at the backup's time; with `reconcile`, each asked of the gateway. */
async function pendingPayments(
  container: ServerContainer,
  reconcile: boolean,
  out: string[],
): Promise<void> {
  const pending = await container.db.query<{ id: string; amount_sen: number; created_at: Date }>(
    "SELECT id, amount_sen, created_at FROM transactions WHERE status = 'pending' ORDER BY created_at",
  );
  out.push(
    pending.length === 0
      ? 'No payment was pending at the backup’s time.'
      : `${pending.length} payment(s) pending at the backup’s time, to re-query from the gateway once restored:`,
  );
  for (const payment of pending) {
    const amount = `MYR ${(payment.amount_sen / 100).toFixed(2)}`;
    const created = new Date(payment.created_at).toISOString();
    const answer = reconcile
      ? `: ${await container.reconcilePendingPayments.reconcileNow(payment.id)}`
      : '';
    out.push(`  ${payment.id} ${amount} created ${created}${answer}`);
  }
}

interface Scratch {
  target: RestoreTarget;
  options: { dataDir: string; databaseUrl?: string };
  label: string;
  remove(): Promise<void>;
}

async function scratchFor(
  manifest: BackupManifest,
  config: Config,
  scratchUrl: string | undefined,
): Promise<Scratch> {
  if (manifest.payload === 'pglite-datadir') {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-drill-'));
    return {
      target: { kind: 'pglite', dir },
      options: { dataDir: dir, databaseUrl: undefined },
      label: `the temporary directory ${dir}`,
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const admin = scratchUrl ?? config.databaseUrl;
  if (admin === undefined) {
    throw new Error(
      'a PostgreSQL backup is drilled on a PostgreSQL server: set DATABASE_URL or --scratch',
    );
  }
  const name = `portal_drill_${randomBytes(6).toString('hex')}`;
  await withClient(admin, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    options: { dataDir: config.dataDir, databaseUrl: url.toString() },
    label: `the scratch database ${name}`,
    remove: () =>
      withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withClient(url: string, fn: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
