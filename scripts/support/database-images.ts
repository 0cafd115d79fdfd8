import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { type Database, openDatabase } from '../../server/adapters/postgres/database';
import { migrate, MIGRATIONS_DIR } from '../../server/adapters/postgres/migrate';
import { PGLITE_START_PARAMS } from '../../server/adapters/postgres/pglite-settings';
import { projectRoot } from '../../server/project-root';

/**
 * Databases that start migrated, without running initdb and every migration again for each test
 * app: PGlite from one dumped data directory, PostgreSQL from one template database. Both are
 * named by a hash of the migrations (and PGlite's version and settings), so a changed migration
 * makes new ones; they are built once per machine and shared by every suite, side by side. The
 * migrations' own suites start PGlite from a dumped initdb'd directory, likewise kept.
 */
const version = JSON.parse(
  readFileSync(
    path.join(projectRoot(__dirname), 'node_modules/@electric-sql/pglite/package.json'),
    'utf8',
  ),
) as { version: string };

/**
 * initdb's settings for the test images: WAL segments of 1 MB instead of 16. A data directory
 * holds at least one whole segment, and every PGlite a suite opens copies the image into its
 * memory several times over, so the smaller segment makes each open cheaper.
 */
const TEST_INITDB_PARAMS = ['--wal-segsize=1'];

/**
 * The databases initdb makes that the tests never use: the templates (nothing creates a database
 * on PGlite). Each is a whole catalogue, a third of the image without them.
 */
const UNUSED_DATABASES = ['template0', 'template1'];

/** PGlite's version and start settings: what an initdb'd data directory depends on. */
function pgliteHash(): ReturnType<typeof createHash> {
  return createHash('sha256')
    .update(version.version)
    .update(PGLITE_START_PARAMS.join(' '))
    .update(TEST_INITDB_PARAMS.join(' '))
    .update(UNUSED_DATABASES.join(' '));
}

function migrationsHash(): string {
  const hash = pgliteHash();
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

const HASH = migrationsHash();
const IMAGE_DIR = path.join(os.tmpdir(), 'member-portal-test-images');
const IMAGE_FILE = path.join(IMAGE_DIR, `pglite-${HASH}.tar`);
const EMPTY_IMAGE_FILE = path.join(
  IMAGE_DIR,
  `pglite-empty-${pgliteHash().digest('hex').slice(0, 16)}.tar`,
);

const images = new Map<string, Blob>();

/**
 * The image kept at `file`: read from the machine's copy, or made by `build` (a database to dump)
 * and kept, written under a name of its own and renamed into place so that suites side by side
 * never read half of one.
 */
async function keptImage(
  file: string,
  build: () => Promise<Pick<Database, 'dumpDataDir' | 'close'>>,
): Promise<Blob> {
  const known = images.get(file);
  if (known) return known;
  if (!existsSync(file)) {
    const db = await build();
    try {
      if (db.dumpDataDir === undefined) throw new Error('a PGlite database dumps its directory');
      const dump = await db.dumpDataDir();
      mkdirSync(IMAGE_DIR, { recursive: true });
      const partial = `${file}.${randomUUID()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  const image = new Blob([readFileSync(file)]);
  images.set(file, image);
  return image;
}

/**
 * A data directory as initdb leaves it (with TEST_INITDB_PARAMS, without UNUSED_DATABASES):
 * initdb runs once per machine, not per test.
 */
function emptyImage(): Promise<Blob> {
  return keptImage(EMPTY_IMAGE_FILE, async () => {
    const pglite = await PGlite.create('memory://', {
      startParams: [...PGLITE_START_PARAMS],
      initDbStartParams: TEST_INITDB_PARAMS,
    });
    const unused = UNUSED_DATABASES.map((name) => `'${name}'`).join(', ');
    await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN (${unused})`);
    for (const name of UNUSED_DATABASES) await pglite.exec(`DROP DATABASE ${name}`);
    await pglite.exec('CHECKPOINT');
    return { dumpDataDir: () => pglite.dumpDataDir('none'), close: () => pglite.close() };
  });
}

/** The migrated PGlite image: the empty one with every migration applied. */
function migratedImage(): Promise<Blob> {
  return keptImage(IMAGE_FILE, async () => {
    const db = await openEmptyPglite();
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  });
}

/**
 * A new in-memory PGlite database as initdb makes it, with no migration applied (for the suites
 * of the migrations themselves): the directory a new `memory://` database starts with (but for
 * emptyImage's two differences), without running initdb (about 3 s of CPU) again for each.
 */
export async function openEmptyPglite(): Promise<Database> {
  return openDatabase({ dataDir: 'memory://', pgliteImage: await emptyImage() });
}

/** A new in-memory PGlite database with every migration applied. */
export async function openMigratedPglite(): Promise<Database> {
  return openDatabase({ dataDir: 'memory://', pgliteImage: await migratedImage() });
}

const TEMPLATE = `tpl_${HASH}`;

/**
 * The name of a migrated template database on the server at `adminUrl`, made once: built under a
 * name of its own, then renamed into place, so a suite never copies a half-migrated template.
 */
export async function migratedTemplate(adminUrl: string): Promise<string> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
    if (found.rowCount) return TEMPLATE;
    const building = `tpl_building_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
    } catch {
      // Another suite put its template in place first: the same migrations, so use that one.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
    return TEMPLATE;
  } finally {
    await admin.end();
  }
}

/** Fills an empty directory with a migrated PGlite data directory (for a server process). */
export async function writeMigratedPgliteDir(directory: string): Promise<void> {
  await migratedImage();
  // GNU tar notes that it drops the entries' leading '/': kept off the test output.
  execFileSync('tar', ['-xf', IMAGE_FILE, '-C', directory], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}
