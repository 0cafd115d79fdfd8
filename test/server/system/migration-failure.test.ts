import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/adapters/postgres/database';
import { MIGRATIONS_DIR, migrate } from '../../../server/adapters/postgres/migrate';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../scripts/support/databases';
import { startServerProcess } from '../support/server-process';

jest.setTimeout(120_000);

const FAILING = '016_audit_actor_action_index.sql';
const onPostgres = eachDatabase().includes('postgres') ? describe : describe.skip;

onPostgres('instances starting on a migration that fails', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    // A database migrated up to the file before FAILING, with the index FAILING creates already
    // there (made by hand, say): FAILING then fails as a broken release's file would.
    scratch = await createScratchDatabase();
    const before = await mkdtemp(path.join(tmpdir(), 'before-016-'));
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    try {
      for (const name of await readdir(MIGRATIONS_DIR)) {
        if (name.endsWith('.sql') && name < FAILING) {
          await copyFile(path.join(MIGRATIONS_DIR, name), path.join(before, name));
        }
      }
      await migrate(db, before);
      await db.exec('CREATE INDEX audit_log_actor_action_at_idx ON audit_log (at)');
    } finally {
      await db.close();
      await rm(before, { recursive: true, force: true });
    }
  });
  afterAll(() => scratch.drop());

  it('never serve, and each says once which migration failed and why', async () => {
    const starts = await Promise.allSettled(
      [1, 2].map(() => startServerProcess({ DATABASE_URL: scratch.url, LOG_LEVEL: 'info' })),
    );
    for (const start of starts) {
      // startServerProcess rejects with everything the process printed when it exits unheard.
      expect(start.status).toBe('rejected');
      const output = String((start as PromiseRejectedResult).reason);
      expect(output).toMatch(/server exited \(1\) before listening/);
      expect(output).not.toMatch(/listening on/);
      const said = output.match(/migration 016_\S+ failed and was rolled back: .*/g) ?? [];
      expect(said).toEqual([
        `migration ${FAILING} failed and was rolled back: relation` +
          ' "audit_log_actor_action_at_idx" already exists (SQLSTATE 42P07)',
      ]);
    }
    // Nothing of it applied: the schema is the one before it.
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    try {
      const recorded = await db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [FAILING]);
      expect(recorded).toHaveLength(0);
    } finally {
      await db.close();
    }
  });
});
