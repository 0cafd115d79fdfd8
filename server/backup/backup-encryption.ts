import { type BackupManifest } from './backup-manifest';

/** How an encrypted payload is opened: the passphrase it was encrypted with. */
export interface Decryption {
  passphrase?: string;
}

/** The payload as stored, decrypted when the manifest says it is encrypted. */
export async function* decryptedPayload(
  stored: NodeJS.ReadableStream,
  manifest: BackupManifest,
  decryption: Decryption = {},
): AsyncGenerator<Buffer> {
  if (manifest.encryption === null) {
    for await (const chunk of stored) yield chunk as Buffer;
    return;
  }
  if (decryption.passphrase === undefined) {
    throw new Error('the backup is encrypted: give its passphrase (BACKUP_PASSPHRASE)');
  }
  throw new Error('encrypted backups are not supported by this release');
}
