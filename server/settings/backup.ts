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
  };
}

export function loadBackup(read: EnvReader): BackupSettings {
  return {
    backup: {
      dir: read.text('BACKUP_DIR', '') || undefined,
      intervalS: read.integer('BACKUP_INTERVAL_S', 86_400, 0, 30 * 86_400),
      retention: read.integer('BACKUP_RETENTION', 7, 1, 1000),
    },
  };
}
