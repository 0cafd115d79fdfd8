import { createHash } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { MIGRATIONS_DIR } from '../../../server/adapters/postgres/migrate';
import { readManifest } from '../../../server/backup/backup-file';
import { takeBackup } from '../../../server/backup/take-backup';
import { eachDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { auditedOperators, storeMembers } from './backup-support';

jest.setTimeout(120_000);

/**
 * A backup of the running database: PGlite's dumped directory or pg_dump's custom format, with
 * a manifest of the moment it copies (schema version, rows per table, audit head and last signed
 * checkpoint) and the payload's SHA-256.
 */
describe.each(eachDatabase())('backup on %s', (database: TestDatabase) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-'));
    t = await startTestApp({ database });
    await storeMembers(t.container, 3);
    await auditedOperators(t.container, 2);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the payload and a manifest that describes it', async () => {
    const file = path.join(dir, 'portal.backup');
    const written = await takeBackup(
      { db: t.container.db, databaseUrl: t.config.databaseUrl },
      file,
    );
    const manifest = await readManifest(file);
    expect(manifest).toEqual(written);
    const latest = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .pop();
    expect(manifest).toMatchObject({
      format: 'portal-backup/1',
      payload: database === 'pglite' ? 'pglite-datadir' : 'pg_dump-custom',
      schemaVersion: latest,
      encryption: null,
    });
    expect(manifest.rowCounts.members).toBe(3);
    expect(manifest.rowCounts.operators).toBe(2);
    const [head] = await t.container.db.query<{ seq: number; hash: string }>(
      'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1',
    );
    expect(manifest.audit).toMatchObject({ entries: Number(head.seq), headHash: head.hash });
    expect(manifest.audit.lastCheckpoint).toMatchObject({ entries: Number(head.seq) - 1 });
    const payload = (await readFile(file)).subarray(0, manifest.bytes);
    expect(createHash('sha256').update(payload).digest('hex')).toBe(manifest.sha256);
    // pg_dump's custom format starts with its own magic; PGlite's directory is a gzipped tar.
    if (database === 'postgres') expect(payload.subarray(0, 5).toString()).toBe('PGDMP');
    else expect(payload.subarray(0, 2).toString('hex')).toBe('1f8b');
  });
});
