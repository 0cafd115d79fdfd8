import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { restoreBackup, targetOf } from '../../../server/backup/restore';
import { takeBackup } from '../../../server/backup/take-backup';
import { startTestApp, type TestApp } from '../support/test-app';
import { storeMembers } from './backup-support';

jest.setTimeout(180_000);

/**
 * Encrypted backups (age): to a passphrase or to a public key; the stored payload is ciphertext,
 * and a restore opens it only with the passphrase or the secret key's file.
 */
describe('encrypted backups', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-age-'));
    t = await startTestApp({ database: 'pglite' });
    await storeMembers(t.container, 3);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('encrypts to a passphrase, and restores only with it', async () => {
    const file = path.join(dir, 'passphrase.backup');
    const manifest = await takeBackup(
      { db: t.container.db, encryption: { passphrase: 'correct horse battery staple' } },
      file,
    );
    expect(manifest.encryption).toBe('age-passphrase');
    const stored = (await readFile(file)).subarray(0, manifest.bytes);
    expect(stored.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    await expect(restoreBackup(file, targetOf(path.join(dir, 'none')))).rejects.toThrow(
      /encrypted with a passphrase: set BACKUP_PASSPHRASE/,
    );
    const restored = await restoreBackup(file, targetOf(path.join(dir, 'by-passphrase')), {
      decryption: { passphrase: 'correct horse battery staple' },
    });
    expect(restored.rowCounts.members).toBe(3);
  });

  it('encrypts to a public key, and restores with the secret key’s file', async () => {
    const identity = await generateX25519Identity();
    const identityFile = path.join(dir, 'backup.key');
    await writeFile(identityFile, `${identity}\n`, { mode: 0o600 });
    const file = path.join(dir, 'recipient.backup');
    const manifest = await takeBackup(
      { db: t.container.db, encryption: { recipient: await identityToRecipient(identity) } },
      file,
    );
    expect(manifest.encryption).toBe('age-recipient');
    const restored = await restoreBackup(file, targetOf(path.join(dir, 'by-key')), {
      decryption: { identityFile },
    });
    expect(restored.rowCounts.members).toBe(3);
  });
});
