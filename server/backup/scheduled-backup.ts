import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Gauge, type Registry } from 'prom-client';
import { type BackupSettings } from '../settings/backup';
import { readManifest } from './backup-file';
import { type BackupSource, takeBackup } from './take-backup';
import { type Clock } from '../ports/clock.port';

/** The scheduled backups' names: their time in the name, so name order is time order. */
const BACKUP_NAME = /^portal-\d{8}T\d{6}Z\.backup$/;
const nameAt = (at: Date): string =>
  `portal-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.backup`;

/** The two gauges an alert on a stale or shrinking backup reads. */
export class BackupGauges {
  readonly lastSuccess: Gauge;
  readonly bytes: Gauge;

  constructor(registry: Registry) {
    this.lastSuccess = new Gauge({
      name: 'backup_last_success_timestamp_seconds',
      help: 'When the last scheduled backup was written (Unix time; 0: none in BACKUP_DIR yet)',
      registers: [registry],
    });
    this.bytes = new Gauge({
      name: 'backup_bytes',
      help: "The last scheduled backup's payload size in bytes",
      registers: [registry],
    });
  }
}

/**
 * The scheduled backup: one file a run in BACKUP_DIR (mode 0700), the oldest removed past
 * BACKUP_RETENTION. The job engine runs it once per interval across all instances.
 */
export class ScheduledBackup {
  constructor(
    private readonly source: BackupSource,
    private readonly settings: Required<Pick<BackupSettings['backup'], 'dir'>> &
      BackupSettings['backup'],
    private readonly gauges: BackupGauges,
    private readonly clock: Clock,
  ) {}

  /** The gauges from the newest backup already in the directory (after a restart). */
  async prime(): Promise<void> {
    const names = await this.backups().catch(() => []);
    const newest = names[names.length - 1];
    if (newest === undefined) return;
    const manifest = await readManifest(path.join(this.settings.dir, newest));
    this.gauges.lastSuccess.set(Date.parse(manifest.createdAt) / 1000);
    this.gauges.bytes.set(manifest.bytes);
  }

  async run(): Promise<{ file: string; bytes: number; removed: number }> {
    const { dir, retention } = this.settings;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const at = new Date(this.clock.now());
    const file = path.join(dir, nameAt(at));
    const manifest = await takeBackup(this.source, file, () => at);
    this.gauges.lastSuccess.set(at.getTime() / 1000);
    this.gauges.bytes.set(manifest.bytes);
    const names = await this.backups();
    const old = names.slice(0, Math.max(0, names.length - retention));
    for (const name of old) await rm(path.join(dir, name), { force: true });
    return { file, bytes: manifest.bytes, removed: old.length };
  }

  private async backups(): Promise<string[]> {
    return (await readdir(this.settings.dir)).filter((name) => BACKUP_NAME.test(name)).sort();
  }
}
