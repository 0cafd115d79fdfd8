import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../../server/adapters/postgres/database';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE,
  lockHolder,
} from '../../../../server/adapters/postgres/pglite-lock';
import { writeMigratedPgliteDir } from '../../../../scripts/support/database-images';

/** The PGlite data directory's lock: one process at a time, a dead holder's lock taken over. */
describe('PGlite data directory lock', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'pglite-lock-'));
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('is held by one process: a second opener is refused and never opens the directory', async () => {
    const dataDir = path.join(parent, 'held');
    const lock = await acquireDataDirLock(dataDir);
    // The directory is its owner's alone, and so is the lock file.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    expect(lockHolder(dataDir)).toEqual({ pid: process.pid });

    const refused = await openDatabase({ dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).pid).toBe(process.pid);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);

    lock.release();
    expect(lockHolder(dataDir)).toBeNull();
    (await acquireDataDirLock(dataDir)).release();
  });

  it('takes over a lock whose process is gone, or whose pid now names another process', async () => {
    const dataDir = path.join(parent, 'stale');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    (await acquireDataDirLock(dataDir)).release();
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: gone, started: 1 }));
    expect(lockHolder(dataDir)).toBeNull();
    const taken = await acquireDataDirLock(dataDir);
    expect(lockHolder(dataDir)).toEqual({ pid: process.pid });
    taken.release();

    // A live pid that started at another time is a reused pid, not the holder (Linux's /proc).
    if (existsSync(`/proc/${process.pid}/stat`)) {
      writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: process.pid, started: 1 }),
      );
      (await acquireDataDirLock(dataDir)).release();
    }
  });

  it('opens a directory under its lock and lets it go on close', async () => {
    const dataDir = path.join(parent, 'opened');
    mkdirSync(dataDir);
    await writeMigratedPgliteDir(dataDir);
    const db = await openDatabase({ dataDir });
    expect(lockHolder(dataDir)).toEqual({ pid: process.pid });
    await db.close();
    expect(lockHolder(dataDir)).toBeNull();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
