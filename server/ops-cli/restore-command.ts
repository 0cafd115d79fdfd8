import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '../config';
import { restoreBackup, RestoreRefused, targetOf } from '../backup/restore';
import { restoreDrill } from '../backup/restore-drill';

/** What a command printed and its exit status. */
interface Outcome {
  code: number;
  out: string[];
}

/** Encrypted backups are opened with BACKUP_PASSPHRASE or BACKUP_IDENTITY_FILE. */
const decryption = () => {
  const { passphrase, identityFile } = loadConfig().backup;
  return { passphrase, identityFile };
};

/**
 * `restore --from FILE --into TARGET [--replace]` and `restore-drill --from FILE [--reconcile]
 * [--scratch URL]`: run by the command line itself, never over the live database (a restore
 * writes into TARGET, the drill into a scratch database it removes); null for a bad command line.
 */
export async function restoreCommand(argv: readonly string[]): Promise<Outcome | null> {
  const [command, ...args] = argv;
  let values: {
    from?: string;
    into?: string;
    replace?: boolean;
    reconcile?: boolean;
    scratch?: string;
  };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        from: { type: 'string' },
        into: { type: 'string' },
        replace: { type: 'boolean' },
        reconcile: { type: 'boolean' },
        scratch: { type: 'string' },
      },
      strict: true,
    }));
  } catch {
    return null;
  }
  if (values.from === undefined) return null;
  const file = path.resolve(values.from);
  if (command === 'restore-drill') {
    if (values.into !== undefined || values.replace !== undefined) return null;
    return restoreDrill(file, loadConfig(), {
      reconcile: values.reconcile,
      scratchUrl: values.scratch,
      decryption: decryption(),
    });
  }
  if (values.into === undefined || values.reconcile !== undefined) return null;
  try {
    const manifest = await restoreBackup(file, targetOf(values.into), {
      replace: values.replace,
      decryption: decryption(),
    });
    return {
      code: 0,
      out: [
        `Restored the backup of ${manifest.createdAt} (schema ${manifest.schemaVersion}) into ${values.into}.`,
        'Start the server on it (it applies newer migrations), then run restore-drill on the file or verify-audit on the server.',
      ],
    };
  } catch (error) {
    if (error instanceof RestoreRefused) return { code: 1, out: [error.message] };
    throw error;
  }
}
