import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BackupManifest } from './backup-manifest';

/**
 * One backup is one file: the payload as it is taken (streamed, never held whole in memory on
 * PostgreSQL), then the manifest as JSON, then a fixed-size trailer giving the manifest's length.
 * The manifest comes last because it carries the payload's SHA-256, known only once written.
 */
const TRAILER_TAG = 'portal-backup/1 ';
const TRAILER_BYTES = TRAILER_TAG.length + 12 + 1;

/** A backup file that is not one, or is cut short: said in one line for the command line. */
export class BackupFileError extends Error {}

/**
 * Writes `payload` then its manifest to `file` (mode 0600: a backup holds personal data) through
 * a partial file renamed into place, so a backup cut short never looks like a whole one.
 */
export async function writeBackupFile(
  file: string,
  payload: AsyncIterable<Buffer | Uint8Array> | Buffer,
  manifest: Omit<BackupManifest, 'bytes' | 'sha256'>,
): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const chunks = Buffer.isBuffer(payload) ? [payload] : payload;
    await pipeline(
      async function* () {
        for await (const chunk of chunks) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(partial, { mode: 0o600 }),
    );
    const whole: BackupManifest = { ...manifest, bytes, sha256: hash.digest('hex') };
    const json = Buffer.from(JSON.stringify(whole));
    const trailer = `${TRAILER_TAG}${String(json.length).padStart(12, '0')}\n`;
    const handle = await open(partial, 'a');
    try {
      await handle.write(Buffer.concat([json, Buffer.from(trailer)]));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return whole;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The manifest of a backup file, read from its end. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const size = (await stat(file)).size;
  const handle = await open(file, 'r');
  try {
    if (size < TRAILER_BYTES) throw new BackupFileError(`${file} is not a portal backup.`);
    const trailer = Buffer.alloc(TRAILER_BYTES);
    await handle.read(trailer, 0, TRAILER_BYTES, size - TRAILER_BYTES);
    const text = trailer.toString('latin1');
    const length = Number(text.slice(TRAILER_TAG.length, -1));
    if (!text.startsWith(TRAILER_TAG) || !Number.isSafeInteger(length)) {
      throw new BackupFileError(`${file} is not a portal backup (no manifest at its end).`);
    }
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, size - TRAILER_BYTES - length);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(json.toString('utf8')) as BackupManifest;
    } catch {
      throw new BackupFileError(`${file}: its manifest is not valid JSON (the file was changed).`);
    }
    if (manifest.format !== 'portal-backup/1' || manifest.bytes + length + TRAILER_BYTES !== size) {
      throw new BackupFileError(
        `${file}: its manifest does not describe it (the file was changed).`,
      );
    }
    return manifest;
  } finally {
    await handle.close();
  }
}

/** The payload's bytes as stored (encrypted when it is), streamed. */
export function payloadStream(file: string, manifest: BackupManifest): NodeJS.ReadableStream {
  if (manifest.bytes === 0) return Readable.from([]);
  return createReadStream(file, { start: 0, end: manifest.bytes - 1 });
}

/** The payload's SHA-256 recomputed: null when it matches the manifest, else why it does not. */
export async function payloadMismatch(
  file: string,
  manifest: BackupManifest,
): Promise<string | null> {
  const hash = createHash('sha256');
  for await (const chunk of payloadStream(file, manifest)) hash.update(chunk as Buffer);
  const actual = hash.digest('hex');
  return actual === manifest.sha256
    ? null
    : `the payload's SHA-256 is ${actual}, the manifest says ${manifest.sha256}: the file was changed or damaged.`;
}
