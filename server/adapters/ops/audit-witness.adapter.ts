import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type AuditCheckpoint } from '../../domain/ops/audit-chain';
import {
  checkpointFromRecord,
  checkpointRecord,
  latestCheckpoint,
} from '../../domain/ops/audit-checkpoints';
import { type AuditWitness } from '../../ports/audit-witness.port';
import { type InfoLogger } from '../logging/forwarding-logger.adapter';

const FILE_NAME = /^checkpoint-\d{12,}\.json$/;

/** `checkpoint-000000001234.json`: names sort as their counts do. */
const fileName = (entries: number) => `checkpoint-${String(entries).padStart(12, '0')}.json`;

/**
 * Each checkpoint as a file of its own in AUDIT_WITNESS_DIR (the export's checkpoint line, JSON),
 * written to a temporary file, flushed to disk, then renamed into place: a reader sees the whole
 * file or none. The directory is made (owner only) when missing.
 */
export class FileAuditWitness implements AuditWitness {
  constructor(private readonly dir: string) {}

  async record(checkpoint: AuditCheckpoint): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = path.join(this.dir, fileName(checkpoint.entries));
    const temporary = path.join(this.dir, `.${randomBytes(8).toString('hex')}.tmp`);
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(`${JSON.stringify(checkpointRecord(checkpoint))}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }
}

/**
 * Each checkpoint as one structured log line, `audit_checkpoint` holding the same record as the
 * file (counts, hashes, the signature: nothing personal), for a log shipper to keep elsewhere.
 */
export class LogAuditWitness implements AuditWitness {
  constructor(private readonly log: InfoLogger) {}

  async record(checkpoint: AuditCheckpoint): Promise<void> {
    this.log.info({ audit_checkpoint: checkpointRecord(checkpoint) }, 'audit: checkpoint signed');
  }
}

/** Every witness given, in turn (each is tried; the first failure is thrown after). */
export function allWitnesses(witnesses: readonly AuditWitness[]): AuditWitness {
  return {
    async record(checkpoint) {
      const outcomes = await Promise.allSettled(witnesses.map((each) => each.record(checkpoint)));
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    },
  };
}

/**
 * The latest checkpoint held at `where`: a witness directory (its highest-numbered file), or one
 * file holding a checkpoint record, or JSON Lines of them or of the server's log lines (each
 * `audit_checkpoint`), such as a shipped log. Null when there is none; unreadable paths throw.
 */
export async function readWitness(where: string): Promise<AuditCheckpoint | null> {
  const found = await stat(where);
  if (found.isDirectory()) {
    const names = (await readdir(where)).filter((name) => FILE_NAME.test(name));
    const latest = names.sort((a, b) => a.length - b.length || a.localeCompare(b)).pop();
    return latest === undefined ? null : readWitness(path.join(where, latest));
  }
  // A shipped log can be large: read it a line at a time, keeping only the latest checkpoint.
  let latest: AuditCheckpoint | null = null;
  const input = createReadStream(where);
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    latest = latestCheckpoint([latest, checkpointIn(parsed(line))].filter(isCheckpoint));
  }
  if (latest !== null || found.size > 1_000_000) return latest;
  // One checkpoint written over several lines (a witness file edited by hand, pretty-printed).
  return checkpointIn(parsed(await readFile(where, 'utf8')));
}

const isCheckpoint = (each: AuditCheckpoint | null): each is AuditCheckpoint => each !== null;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A checkpoint record, or a log line holding one as `audit_checkpoint`. */
function checkpointIn(value: unknown): AuditCheckpoint | null {
  const record =
    typeof value === 'object' && value !== null && 'audit_checkpoint' in value
      ? value.audit_checkpoint
      : value;
  return checkpointFromRecord(record);
}
