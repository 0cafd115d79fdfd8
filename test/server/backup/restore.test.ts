import { copyFile, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readManifest } from '../../../server/backup/backup-file';
import { restoreBackup, RestoreRefused, targetOf } from '../../../server/backup/restore';
import { restoreDrill } from '../../../server/backup/restore-drill';
import { takeBackup } from '../../../server/backup/take-backup';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
  type TestDatabase,
} from '../../../scripts/support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { auditedOperators, storeMembers } from './backup-support';

jest.setTimeout(180_000);

/**
 * A backup restored and drilled: the drill passes on an intact backup; a changed byte, a schema
 * newer than the code and a target holding data are refused; an audit entry edited before the
 * backup makes the drill fail naming it.
 */
describe.each(eachDatabase())('restore and drill on %s', (database: TestDatabase) => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let target: string;
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'restore-'));
    t = await startTestApp({ database });
    await storeMembers(t.container, 4);
    await auditedOperators(t.container, 2);
    file = path.join(dir, 'portal.backup');
    await takeBackup({ db: t.container.db, databaseUrl: t.config.databaseUrl }, file);
    if (database === 'postgres') {
      scratch = await createScratchDatabase();
      target = scratch.url;
    } else target = path.join(dir, 'restored');
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores into an empty target, and refuses it once it holds data', async () => {
    const manifest = await restoreBackup(file, targetOf(target));
    expect(manifest.rowCounts.members).toBe(4);
    await expect(restoreBackup(file, targetOf(target))).rejects.toThrow(/not empty; add --replace/);
    await expect(restoreBackup(file, targetOf(target), { replace: true })).resolves.toEqual(
      manifest,
    );
    if (database === 'pglite') expect(await readdir(target)).not.toContain('portal.lock');
  });

  it('drills: restored, migrated, counted and the audit log verified', async () => {
    const report = await restoreDrill(file, t.config);
    expect(report.out.join('\n')).toMatch(/row counts match the manifest/);
    expect(report.out.join('\n')).toMatch(/audit log verified up to the checkpoint/);
    expect(report.out.join('\n')).toMatch(/Restore drill passed/);
    expect(report.code).toBe(0);
  });

  it('refuses a backup with one byte changed', async () => {
    const changed = path.join(dir, 'changed.backup');
    await copyFile(file, changed);
    const handle = await open(changed, 'r+');
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, 1000);
    await handle.write(Buffer.from([byte[0] ^ 0x01]), 0, 1, 1000);
    await handle.close();
    await expect(restoreBackup(changed, targetOf(target), { replace: true })).rejects.toThrow(
      /SHA-256 .* the file was changed or damaged/,
    );
    const report = await restoreDrill(changed, t.config);
    expect(report.code).toBe(1);
    expect(report.out.join('\n')).toMatch(/FAIL Refused: the payload's SHA-256/);
  });

  it('refuses a schema newer than the code knows', async () => {
    const migrations = await mkdtemp(path.join(dir, 'migrations-'));
    await writeFile(path.join(migrations, '001_members_sessions_sms.sql'), '');
    const manifest = await readManifest(file);
    await expect(
      restoreBackup(file, targetOf(target), { replace: true, migrationsDir: migrations }),
    ).rejects.toThrow(
      new RestoreRefused(
        `Refused: the backup's schema is ${manifest.schemaVersion}, which this code does not know (its last migration is 001_members_sessions_sms.sql): restore it with the release that took it, or a newer one.`,
      ),
    );
  });

  it('fails the drill naming an audit entry edited before the backup', async () => {
    await t.container.db.exec(`SET session_replication_role = replica;
      UPDATE audit_log SET reason = 'covered up' WHERE seq = 2;
      SET session_replication_role = DEFAULT;`);
    const edited = path.join(dir, 'edited.backup');
    await takeBackup({ db: t.container.db, databaseUrl: t.config.databaseUrl }, edited);
    const report = await restoreDrill(edited, t.config);
    expect(report.code).toBe(1);
    expect(report.out).toContain('FAIL audit log: entry 2 was edited, deleted or inserted');
  });
});
