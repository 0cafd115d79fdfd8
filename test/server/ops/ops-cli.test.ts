import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { runOpsCommand } from '../../../server/ops-cli/ops-cli';
import { eachDatabase, type TestDatabase } from '../../../scripts/support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * The operator command line on a real database: create-operator prints a one-time link;
 * verify-audit passes on an intact log and names the first entry someone with direct database
 * access edited, deleted or inserted behind the append-only triggers' back.
 */
describe.each(eachDatabase())('npm run ops on %s', (database: TestDatabase) => {
  let t: TestApp;
  let witnessDir: string;
  beforeAll(async () => {
    witnessDir = await mkdtemp(path.join(tmpdir(), 'audit-witness-'));
    const { ops } = loadConfig({ APP_ENV: 'test' });
    t = await startTestApp({ database, config: { ops: { ...ops, auditWitnessDir: witnessDir } } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(witnessDir, { recursive: true, force: true });
  });

  const run = (...argv: string[]) => runOpsCommand(t.container, argv);
  const behindTheTriggers = (sql: string) =>
    t.container.db.exec(`SET session_replication_role = replica; ${sql};
                         SET session_replication_role = DEFAULT;`);

  it('creates operators, signs a checkpoint and verifies, then catches an edited entry', async () => {
    const created = await run(
      'create-operator',
      '--name',
      'Nur Admin',
      '--email',
      'Nur@Ops.Test',
      '--role',
      'admin',
    );
    expect(created.code).toBe(0);
    expect(created.out.join('\n')).toMatch(/\/enrol#token=[A-Za-z0-9_-]{20,}/);
    expect(
      (
        await run(
          'create-operator',
          '--name',
          'Lee',
          '--email',
          'lee@ops.test',
          '--role',
          'support',
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await run(
          'create-operator',
          '--name',
          'Again',
          '--email',
          'nur@ops.test',
          '--role',
          'viewer',
        )
      ).code,
    ).toBe(1);
    expect(
      (await run('create-operator', '--name', 'X', '--email', 'x@ops.test', '--role', 'root')).code,
    ).toBe(2);
    expect((await run('checkpoint')).code).toBe(0);
    expect(await run('verify-audit')).toMatchObject({ code: 0 });

    await behindTheTriggers(`UPDATE audit_log SET reason = 'nothing to see' WHERE seq = 2`);
    const edited = await run('verify-audit');
    expect(edited.code).toBe(1);
    expect(edited.out.join('\n')).toMatch(/entry 2 /);
  });

  it('refuses UPDATE, DELETE and TRUNCATE through the front door', async () => {
    for (const sql of [
      'UPDATE audit_log SET reason = NULL',
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
      'DELETE FROM audit_checkpoints',
    ]) {
      await expect(t.container.db.exec(sql)).rejects.toThrow(/append-only/);
    }
  });

  it('names a deleted entry', async () => {
    await behindTheTriggers(`DELETE FROM audit_log WHERE seq = 1`);
    const deleted = await run('verify-audit');
    expect(deleted.code).toBe(1);
    expect(deleted.out.join('\n')).toMatch(/entry 1 /);
  });

  it('verify-audit --witness catches a cut tail and deleted checkpoints; exit codes 0, 1, 2', async () => {
    // A log of its own: the tests above left this one broken.
    await behindTheTriggers('DELETE FROM audit_log; DELETE FROM audit_checkpoints');
    await rm(witnessDir, { recursive: true });
    const operator = (n: number) =>
      run('create-operator', '--name', `Op ${n}`, '--email', `op${n}@ops.test`, '--role', 'viewer');
    await operator(1);
    expect((await run('checkpoint')).code).toBe(0);
    await operator(2);
    expect((await run('checkpoint')).code).toBe(0);
    expect(await readdir(witnessDir)).toEqual([
      'checkpoint-000000000001.json',
      'checkpoint-000000000003.json',
    ]);
    const verified = await run('verify-audit', '--witness', witnessDir);
    expect(verified.code).toBe(0);
    expect(verified.out.join('\n')).toMatch(/held outside at 3 entries matches/);
    expect((await run('verify-audit', '--witness')).code).toBe(2);
    expect((await run('verify-audit', '--witnes', witnessDir)).code).toBe(2);
    const absent = await run('verify-audit', '--witness', path.join(witnessDir, 'absent'));
    expect(absent.code).toBe(1);

    // The tail after the first checkpoint's own entry, and the last checkpoint, deleted.
    await behindTheTriggers(
      'DELETE FROM audit_log WHERE seq > 2; DELETE FROM audit_checkpoints WHERE entries = 3',
    );
    expect((await run('verify-audit')).code).toBe(0);
    const cut = await run('verify-audit', '--witness', witnessDir);
    expect(cut.code).toBe(1);
    expect(cut.out.join('\n')).toMatch(/chain ends at 2 entries, before .*\(3 entries/);

    // Every checkpoint deleted: the log names the one it had; two intervals on, the tail fails too.
    await behindTheTriggers('DELETE FROM audit_checkpoints');
    const none = await run('verify-audit');
    expect(none.code).toBe(1);
    expect(none.out.join('\n')).toMatch(/checkpoint at 1 entries, recorded in the log, is missing/);
    await t.clock.advance(2 * t.config.ops.auditCheckpointIntervalS * 1000 + 1);
    expect((await run('verify-audit')).out.join('\n')).toMatch(
      /entry 1 on .* no checkpoint covers/,
    );
  });

  it('keeps the checkpoints one chain while they race each other and the entries', async () => {
    await behindTheTriggers('DELETE FROM audit_log; DELETE FROM audit_checkpoints');
    const trail = t.container.auditTrail;
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 2 === 0
          ? trail.checkpoint({ kind: 'cli' })
          : run(
              'create-operator',
              '--name',
              `R ${n}`,
              '--email',
              `r${n}@ops.test`,
              '--role',
              'viewer',
            ),
      ),
    );
    const report = await trail.verify();
    expect(report).toMatchObject({ verified: true, checkpoints: 6, entries: 12 });
  });
});
