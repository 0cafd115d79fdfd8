import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../../server/adapters/postgres/database';
import { createDataDirApart } from '../../../../server/adapters/postgres/pglite-init';
import { PGLITE_START_PARAMS } from '../../../../server/adapters/postgres/pglite-settings';

/** The embedded database's data directory: created apart in a worker, opened with its settings. */
describe('PGlite data directory', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'pglite-dir-'));
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('is created by a worker thread: this process never opens it to run initdb', async () => {
    const dataDir = path.join(parent, 'apart');
    await createDataDirApart(dataDir, PGLITE_START_PARAMS);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    // memory:// has no directory to create.
    await expect(createDataDirApart('memory://', PGLITE_START_PARAMS)).resolves.toBeUndefined();
  });

  it('is made again after a creation cut short: PG_VERSION only once every file is in place', async () => {
    const dataDir = path.join(parent, 'cut-short');
    // What a creation killed half way leaves: files of its own, no PG_VERSION.
    mkdirSync(path.join(dataDir, '.creating', 'base'), { recursive: true });
    mkdirSync(path.join(dataDir, 'global'));
    writeFileSync(path.join(dataDir, 'global', 'pg_control'), 'half');
    await createDataDirApart(dataDir, PGLITE_START_PARAMS);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, '.creating'))).toBe(false);
    const db = await openDatabase({ dataDir });
    try {
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('opens a new directory, keeps its rows across a reopen, with 16 MB of shared buffers', async () => {
    const dataDir = path.join(parent, 'opened');
    const first = await openDatabase({ dataDir });
    await first.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7);');
    await first.close();

    const again = await openDatabase({ dataDir });
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
      expect(await again.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await again.close();
    }
  });
});
