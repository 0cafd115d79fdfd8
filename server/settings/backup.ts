import { type EnvReader } from './env-reader';

/** The scheduled backup (server/backup/scheduled-backup.ts): off unless BACKUP_DIR is set. */
export interface BackupSettings {
  backup: {
    /** Where the scheduled backups are written (BACKUP_DIR); unset: no scheduled backup. */
    dir?: string;
    /** How often, across all instances together (BACKUP_INTERVAL_S). */
    intervalS: number;
    /** How many of the newest backups are kept in the directory (BACKUP_RETENTION). */
    retention: number;
    /** Backups encrypted with age to this passphrase (BACKUP_PASSPHRASE), and restores opened. */
    passphrase?: string;
    /** Backups encrypted with age to this public key instead (BACKUP_RECIPIENT, `age1...`). */
    recipient?: string;
    /** The restore's secret key for BACKUP_RECIPIENT's backups (BACKUP_IDENTITY_FILE). */
    identityFile?: string;
  };
}

export function loadBackup(read: EnvReader): BackupSettings {
  const recipient = read.text('BACKUP_RECIPIENT', '') || undefined;
  if (recipient !== undefined && !/^age1[a-z0-9]+$/.test(recipient)) {
    read.problems.push('BACKUP_RECIPIENT: must be an age public key (age1...)');
  }
  return {
    backup: {
      dir: read.text('BACKUP_DIR', '') || undefined,
      intervalS: read.integer('BACKUP_INTERVAL_S', 86_400, 0, 30 * 86_400),
      retention: read.integer('BACKUP_RETENTION', 7, 1, 1000),
      passphrase: read.text('BACKUP_PASSPHRASE', '') || undefined,
      recipient,
      identityFile: read.text('BACKUP_IDENTITY_FILE', '') || undefined,
    },
  };
}
