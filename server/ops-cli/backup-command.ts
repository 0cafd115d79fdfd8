import { parseArgs } from 'node:util';
import path from 'node:path';
import { type ServerContainer } from '../container';
import { takeBackup } from '../backup/take-backup';
import { CLI, entryOf } from '../use-cases/ops/actor';

/** What a command printed and its exit status. */
interface Outcome {
  code: number;
  out: string[];
}

/**
 * `backup --to FILE`: a backup of the database the server uses (run by the server itself over
 * the local channel on PGlite), its manifest summed up; null for a bad command line.
 */
export async function backupCommand(
  container: Pick<ServerContainer, 'db' | 'config' | 'unitOfWork' | 'clock'>,
  args: string[],
): Promise<Outcome | null> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true }));
  } catch {
    return null;
  }
  if (to === undefined) return null;
  const file = path.resolve(to);
  const manifest = await takeBackup(
    {
      db: container.db,
      databaseUrl: container.config.databaseUrl,
      dataDir: container.config.dataDir,
      encryption: container.config.backup,
    },
    file,
  );
  // A copy of every member's data left the database: who took it, when and which file, audited
  // (after the copy, so the backup's own audit head is the one before it).
  await container.unitOfWork.run((tx) =>
    tx.audit.append(
      entryOf(CLI, new Date(container.clock.now()), {
        action: 'backup.take',
        targetType: null,
        targetId: null,
        changes: {
          file: { before: null, after: file },
          sha256: { before: null, after: manifest.sha256 },
        },
      }),
    ),
  );
  const rows = Object.values(manifest.rowCounts).reduce((sum, n) => sum + n, 0);
  const checkpoint = manifest.audit.lastCheckpoint;
  return {
    code: 0,
    out: [
      `Backup written to ${file}: ${manifest.bytes} bytes${manifest.encryption === null ? '' : ` (encrypted, ${manifest.encryption})`}, SHA-256 ${manifest.sha256}.`,
      `Schema ${manifest.schemaVersion}; ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables; audit log at ${manifest.audit.entries} entries, ${
        checkpoint === null
          ? 'no signed checkpoint'
          : `last signed checkpoint at ${checkpoint.entries}`
      }.`,
    ],
  };
}
