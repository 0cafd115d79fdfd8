import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../../../server/adapters/postgres/database';
import {
  MIGRATION_LOCK_KEY,
  MigrationError,
  migrate,
} from '../../../../server/adapters/postgres/migrate';
import { openEmptyPglite } from '../../../../scripts/support/database-images';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';

jest.setTimeout(60_000);

/** Three files, the second failing on its third line: what a broken release would bring. */
async function brokenMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await writeFile(path.join(dir, '001_ok.sql'), 'CREATE TABLE a (id int);\n');
  await writeFile(
    path.join(dir, '002_broken.sql'),
    '-- a comment\nCREATE TABLE c (id int);\nSELECT * FROM no_such_table;\n',
  );
  await writeFile(path.join(dir, '003_after.sql'), 'CREATE TABLE d (id int);\n');
  return dir;
}

const tablesNamed = async (db: Database, names: string[]): Promise<string[]> =>
  (
    await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name = ANY($1) ORDER BY table_name`,
      [names],
    )
  ).map((row) => row.table_name);

describe.each(eachDatabase())('migrations on %s', (database) => {
  let scratch: ScratchDatabase | undefined;
  let db: Database;
  beforeEach(async () => {
    scratch = database === 'postgres' ? await createScratchDatabase() : undefined;
    db = scratch
      ? await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
      : await openEmptyPglite();
  });
  afterEach(async () => {
    await db.close();
    await scratch?.drop();
  });

  it('applies every migration once and nothing on a second run', async () => {
    const first = await migrate(db);
    expect(first[0]).toBe('001_members_sessions_sms.sql');
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual(first);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'members',
        'sessions',
        'sms_codes',
        'sms_requests',
        'login_failures',
      ]),
    );
    // The sandbox gateway's old table is gone: nothing reads or writes it.
    expect(tables.map((r) => r.table_name)).not.toContain('sandbox_payments');
  });

  it('rolls back a failing migration file as a whole', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      await writeFile(
        path.join(dir, '001_ok.sql'),
        'CREATE TABLE a (id int);\nCREATE TABLE b (id int);\n',
      );
      await writeFile(
        path.join(dir, '002_broken.sql'),
        'CREATE TABLE c (id int);\nSELECT * FROM no_such_table;\n',
      );
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(applied.map((r) => r.name)).toEqual(['001_ok.sql']);
      const c = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'c'`);
      expect(c).toHaveLength(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says which file failed, why and at which line, and tries none after it', async () => {
    const dir = await brokenMigrations();
    try {
      const failure = await migrate(db, dir).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect(failure).toMatchObject({ migration: '002_broken.sql' });
      expect((failure as Error).message).toBe(
        'migration 002_broken.sql failed and was rolled back: relation "no_such_table" does not' +
          ' exist (SQLSTATE 42P01) at line 3',
      );
      expect(await tablesNamed(db, ['a', 'c', 'd'])).toEqual(['a']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  if (database === 'postgres') {
    it('lets two processes start at once without applying a file twice', async () => {
      const other = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
      try {
        const [a, b] = await Promise.all([migrate(db), migrate(other)]);
        const recorded = await db.query<{ name: string }>(
          'SELECT name FROM schema_migrations ORDER BY name',
        );
        // Between them every file was applied exactly once.
        expect([...a, ...b].sort()).toEqual(recorded.map((r) => r.name));
        expect(recorded.length).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
    });

    it('fails every process starting together on the failing file, none applying it', async () => {
      const dir = await brokenMigrations();
      const other = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
      try {
        const outcomes = await Promise.allSettled([migrate(db, dir), migrate(other, dir)]);
        for (const outcome of outcomes) {
          expect(outcome.status).toBe('rejected');
          expect((outcome as PromiseRejectedResult).reason).toMatchObject({
            migration: '002_broken.sql',
          });
        }
        const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
        expect(recorded.map((r) => r.name)).toEqual(['001_ok.sql']);
        expect(await tablesNamed(db, ['a', 'c', 'd'])).toEqual(['a']);
      } finally {
        await other.close();
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('names a file that outlasts the statement timeout, rolled back', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
      const impatient = await openDatabase({
        databaseUrl: scratch?.url,
        dataDir: 'memory://',
        statementTimeoutMs: 300,
      });
      try {
        await writeFile(
          path.join(dir, '001_slow.sql'),
          'CREATE TABLE a (id int);\nSELECT pg_sleep(1);\n',
        );
        await expect(migrate(impatient, dir)).rejects.toThrow(
          'migration 001_slow.sql failed and was rolled back: canceling statement due to' +
            ' statement timeout (SQLSTATE 57014)',
        );
        expect(await tablesNamed(db, ['a'])).toEqual([]);
      } finally {
        await impatient.close();
        await rm(dir, { recursive: true, force: true });
      }
    });

    it("waits for another process's file longer than its statement timeout", async () => {
      // The other process holds the lock as while it applies a long file.
      const holder = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
      const impatient = await openDatabase({
        databaseUrl: scratch?.url,
        dataDir: 'memory://',
        statementTimeoutMs: 300,
      });
      try {
        let locked!: () => void;
        const lockHeld = new Promise<void>((resolve) => (locked = resolve));
        const holding = holder.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
          locked();
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        });
        await lockHeld;
        const started = Date.now();
        const applied = await migrate(impatient);
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
        expect(applied[0]).toBe('001_members_sessions_sms.sql');
        await holding;
      } finally {
        await impatient.close();
        await holder.close();
      }
    });
  }
});

describe('a migration whose connection is lost', () => {
  it('says it did not complete, as whether its commit arrived is unknown', async () => {
    const dir = await brokenMigrations();
    let transactions = 0;
    const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    // The schema_migrations table is made; the first file's transaction loses its connection.
    const db: Database = {
      kind: 'pglite',
      query: async () => [],
      exec: async () => undefined,
      transaction: async (fn) => {
        transactions += 1;
        if (transactions > 1) throw lost;
        return fn(db);
      },
      close: async () => undefined,
    };
    try {
      await expect(migrate(db, dir)).rejects.toThrow(
        'migration 001_ok.sql did not complete: read ECONNRESET (ECONNRESET)',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
