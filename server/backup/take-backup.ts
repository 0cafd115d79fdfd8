import { spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type Database } from '../adapters/postgres/database';
import { dataDirPath } from '../adapters/postgres/pglite-lock';
import { writeBackupFile } from './backup-file';
import { type Encryption, encryptedPayload, encryptionOf } from './backup-encryption';
import { type BackupManifest, databaseFacts, type DatabaseFacts } from './backup-manifest';
import { withoutSockets } from './socket-aside';

export interface BackupSource {
  db: Database;
  /** PostgreSQL: the database pg_dump connects to (the server's DATABASE_URL). */
  databaseUrl?: string;
  /** PGlite: its directory (DATA_DIR), which the local channel's socket steps out of. */
  dataDir?: string;
  /** Encrypts the payload with age when a passphrase or a recipient is given. */
  encryption?: Encryption;
}

/**
 * Takes a backup of the running database into `file` and returns its manifest. PGlite: its own
 * `dumpDataDir()` of the live directory, taken while this holds PGlite's one transaction (so no
 * write comes between the counts and the copy). PostgreSQL: `pg_dump -Fc` on the snapshot this
 * exported from a REPEATABLE READ transaction, the one the counts were read in.
 */
export async function takeBackup(
  source: BackupSource,
  file: string,
  clock: () => Date = () => new Date(),
): Promise<BackupManifest> {
  const { db } = source;
  if (db.kind === 'pglite') {
    if (db.dumpDataDir === undefined) throw new Error('this database cannot dump its directory');
    const dump = db.dumpDataDir.bind(db);
    // Fewer WAL records for the restored copy to replay (a copy needs none to be consistent).
    await db.exec('CHECKPOINT');
    const { facts, tar } = await db.transaction(async (tx) => {
      const read = await databaseFacts(tx);
      // The directory as it is now: only the query lock is taken, this transaction holds PGlite.
      const directory = source.dataDir === undefined ? undefined : dataDirPath(source.dataDir);
      const tarball = await withoutSockets(directory, dump);
      return { facts: read, tar: Buffer.from(await tarball.arrayBuffer()) };
    });
    return writeBackupFile(
      file,
      // Compressed outside the transaction: PGlite serves requests again meanwhile.
      encryptedPayload([await gzipped(tar)], source.encryption),
      manifestOf('pglite-datadir', facts, clock(), source.encryption),
    );
  }
  const url = source.databaseUrl;
  if (url === undefined) throw new Error('a PostgreSQL backup needs DATABASE_URL');
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // pg_dump may take longer than the pool's limits while this transaction waits for it.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    const [{ snapshot }] = await tx.query<{ snapshot: string }>(
      'SELECT pg_export_snapshot() AS snapshot',
    );
    const facts = await databaseFacts(tx);
    return writeBackupFile(
      file,
      encryptedPayload(pgDump(url, snapshot), source.encryption),
      manifestOf('pg_dump-custom', facts, clock(), source.encryption),
    );
  });
}

const gzipped = promisify(gzip);

function manifestOf(
  payload: BackupManifest['payload'],
  facts: DatabaseFacts,
  at: Date,
  encryption: Encryption | undefined,
): Omit<BackupManifest, 'bytes' | 'sha256'> {
  return {
    format: 'portal-backup/1',
    createdAt: at.toISOString(),
    payload,
    ...facts,
    encryption: encryptionOf(encryption),
  };
}

/**
 * The password goes to pg_dump through its environment, never its command line (which `ps`
 * shows every user of the machine).
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password !== '') env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** pg_dump's custom-format output, streamed; fails with its own message when it exits non-zero. */
async function* pgDump(url: string, snapshot: string): AsyncGenerator<Buffer> {
  const { dbname, env } = pgConnection(url);
  const child = spawn(
    'pg_dump',
    ['-Fc', '--no-owner', `--snapshot=${snapshot}`, `--dbname=${dbname}`],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text.slice(0, 2000)));
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
  let whole = false;
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    whole = true;
  } finally {
    // The file could not be written: pg_dump is stopped rather than left holding the snapshot.
    if (!whole) child.kill();
  }
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
}
