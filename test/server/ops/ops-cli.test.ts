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
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t?.close());

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
});
