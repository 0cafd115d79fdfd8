import { readFile } from 'node:fs/promises';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { type BackupManifest } from './backup-manifest';

/**
 * Backups encrypted with age (the `age-encryption` library, the format of the age tool: a file
 * it writes opens with `age -d`): to a passphrase (scrypt) or to a recipient's public key
 * (`age1...`), whose secret key stays off the machine that takes the backups.
 */
export interface Encryption {
  passphrase?: string;
  recipient?: string;
}

/** How an encrypted payload is opened: its passphrase, or the file holding the secret key. */
export interface Decryption {
  passphrase?: string;
  identityFile?: string;
}

export function encryptionOf(encryption: Encryption | undefined): BackupManifest['encryption'] {
  if (encryption?.recipient !== undefined) return 'age-recipient';
  return encryption?.passphrase !== undefined ? 'age-passphrase' : null;
}

/** The payload encrypted as it streams, or as it is when no encryption is asked for. */
export async function* encryptedPayload(
  payload: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
  encryption: Encryption | undefined,
): AsyncGenerator<Buffer | Uint8Array> {
  if (encryptionOf(encryption) === null) {
    yield* payload;
    return;
  }
  const encrypter = new Encrypter();
  if (encryption?.recipient !== undefined) encrypter.addRecipient(encryption.recipient);
  else encrypter.setPassphrase(encryption?.passphrase ?? '');
  const sealed = await encrypter.encrypt(webStream(payload));
  for await (const chunk of sealed as unknown as AsyncIterable<Uint8Array>) yield chunk;
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
  const decrypter = new Decrypter();
  if (manifest.encryption === 'age-recipient') {
    if (decryption.identityFile === undefined) {
      throw new Error('the backup is encrypted to a public key: set BACKUP_IDENTITY_FILE');
    }
    decrypter.addIdentity((await readFile(decryption.identityFile, 'utf8')).trim());
  } else {
    if (decryption.passphrase === undefined) {
      throw new Error('the backup is encrypted with a passphrase: set BACKUP_PASSPHRASE');
    }
    decrypter.addPassphrase(decryption.passphrase);
  }
  const opened = await decrypter.decrypt(webStream(stored as AsyncIterable<Uint8Array>));
  for await (const chunk of opened as unknown as AsyncIterable<Uint8Array>) {
    yield Buffer.from(chunk);
  }
}

/** Node's chunks as the web stream age reads (Node's and the DOM's types differ in name only). */
function webStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): ReadableStream<Uint8Array> {
  return NodeReadableStream.from(chunks) as unknown as ReadableStream<Uint8Array>;
}
