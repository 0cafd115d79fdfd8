import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ed25519AuditSigner } from '../../../server/adapters/ops/ed25519-audit-signer.adapter';
import { runOpsCommand } from '../../../server/ops-cli/ops-cli';
import { CLI } from '../../../server/use-cases/ops/actor';
import { AuditTrailUseCase } from '../../../server/use-cases/ops/audit-trail.use-case';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** `npm run ops -- rotate-audit-key` and `verify-audit --key` on a real (PGlite) database. */
describe('npm run ops -- rotate-audit-key', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'audit-key-'));
    t = await startTestApp({ database: 'pglite' });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (...argv: string[]) => runOpsCommand(t.container, argv);

  it('writes the new key owner-only, hands the log to it, and both keys verify it', async () => {
    expect((await run('checkpoint')).code).toBe(0);
    const keyFile = path.join(dir, 'audit-signing-key');
    const rotated = await run('rotate-audit-key', '--to', keyFile);
    expect(rotated.code).toBe(0);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const next = Ed25519AuditSigner.fromSetting((await readFile(keyFile, 'utf8')).trim());
    expect(rotated.out.join('\n')).toContain(next.keyId);
    expect(rotated.out.join('\n')).not.toContain(next.exportSetting());

    // Stored and read back from the database: the hand-over keeps both public keys.
    const rows = await t.container.db.query<{ key_id: string; next_key: string | null }>(
      'SELECT key_id, next_key FROM audit_checkpoints ORDER BY entries',
    );
    expect(rows.map((row) => row.key_id)).toEqual([
      t.container.auditSigner.keyId,
      t.container.auditSigner.keyId,
      next.keyId,
    ]);
    expect(rows[1]?.next_key).toBe(next.publicKey);
    const [entry] = await t.container.audit.list({ action: 'audit.key-rotated', limit: 1 });
    expect(entry).toMatchObject({ actorName: 'cli', targetId: next.keyId });

    // This instance (the old key) still verifies, and signs no more.
    expect(await run('verify-audit')).toMatchObject({ code: 0 });
    await expect(run('checkpoint')).rejects.toThrow();
    // An instance restarted with the new key verifies the whole past and signs on.
    const after = new AuditTrailUseCase(t.container.audit, t.container.unitOfWork, next, t.clock);
    expect((await after.checkpoint(CLI)).keyId).toBe(next.keyId);
    expect((await after.verify()).verified).toBe(true);

    // The file is never overwritten: a second rotation to the same file is refused, unrotated.
    const again = await run('rotate-audit-key', '--to', keyFile);
    expect(again.code).toBe(1);
    expect(again.out.join('\n')).toMatch(/NOT rotated/);
    expect((await run('rotate-audit-key')).code).toBe(2);
  });

  it('verify-audit --key: a public key trusted besides the server own', async () => {
    const pem = path.join(dir, 'vouched.pem');
    await writeFile(pem, Ed25519AuditSigner.generate().publicKeyPem);
    expect((await run('verify-audit', '--key', pem)).code).toBe(0);
    const unreadable = await run('verify-audit', '--key', path.join(dir, 'absent.pem'));
    expect(unreadable.code).toBe(1);
    expect(unreadable.out.join('\n')).toMatch(/cannot be read/);
  });
});
