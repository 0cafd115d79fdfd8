import { type Registry } from 'prom-client';
import { type Config } from '../config';
import { type Database } from '../adapters/postgres/database';
import { type Clock } from '../ports/clock.port';
import { type Scheduler } from '../ports/scheduler.port';
import { BackupGauges, ScheduledBackup } from './scheduled-backup';

export const BACKUP_JOB = 'backup';

/**
 * The backup gauges in the instance's registry (0 until a backup is written or found in
 * BACKUP_DIR), and the scheduled backup when BACKUP_DIR is set: once every BACKUP_INTERVAL_S
 * across all instances, as the job engine runs every recurring job.
 */
export function registerBackupJob(
  scheduler: Scheduler,
  db: Database,
  config: Pick<Config, 'backup' | 'databaseUrl' | 'dataDir' | 'jobTiming'>,
  registry: Registry,
  clock: Clock,
  warn: (error: unknown, message: string) => void,
): void {
  const gauges = new BackupGauges(registry);
  const { dir } = config.backup;
  if (dir === undefined) return;
  const job = new ScheduledBackup(
    {
      db,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      encryption: config.backup,
    },
    { ...config.backup, dir },
    gauges,
    clock,
  );
  job
    .prime()
    .catch((error: unknown) =>
      warn(error, 'backup: the newest backup in BACKUP_DIR cannot be read'),
    );
  scheduler.register({
    name: BACKUP_JOB,
    intervalMs: config.backup.intervalS * 1000,
    expireAfterMs: config.jobTiming.expireAfterMs,
    run: () => job.run(),
  });
}
