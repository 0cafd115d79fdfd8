import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { BackupGauges, ScheduledBackup } from '../../../server/backup/scheduled-backup';
import { FakeClock } from '../../fakes/fake-clock';
import { startTestApp, type TestApp } from '../support/test-app';
import { storeMembers } from './backup-support';

jest.setTimeout(120_000);

const gaugeValue = async (registry: Registry, name: string) =>
  (await registry.getSingleMetric(name)?.get())?.values[0]?.value;

/**
 * The scheduled backup: a file a run in BACKUP_DIR, the oldest removed past the retention, and
 * the two gauges an alert reads, primed from the directory after a restart.
 */
describe('scheduled backup', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scheduled-backup-'));
    t = await startTestApp({ database: 'pglite' });
    await storeMembers(t.container, 2);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports the gauges, at 0 until a backup is written', async () => {
    const { registry } = t.container.metrics;
    expect(await gaugeValue(registry, 'backup_last_success_timestamp_seconds')).toBe(0);
    expect(await gaugeValue(registry, 'backup_bytes')).toBe(0);
  });

  it('keeps the newest BACKUP_RETENTION backups and sets the gauges', async () => {
    const registry = new Registry();
    const clock = new FakeClock(Date.parse('2026-12-01T02:00:00Z'));
    const job = new ScheduledBackup(
      { db: t.container.db },
      { dir: path.join(dir, 'backups'), intervalS: 3600, retention: 2 },
      new BackupGauges(registry),
      clock,
    );
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      runs.push(await job.run());
      await clock.advance(3600_000);
    }
    expect(await readdir(path.join(dir, 'backups'))).toEqual([
      'portal-20261201T030000Z.backup',
      'portal-20261201T040000Z.backup',
    ]);
    expect(runs[2]).toMatchObject({ removed: 1 });
    expect(await gaugeValue(registry, 'backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-12-01T04:00:00Z') / 1000,
    );
    expect(await gaugeValue(registry, 'backup_bytes')).toBe(runs[2].bytes);

    // A restarted instance reads the newest backup's manifest instead of reporting none.
    const restarted = new Registry();
    await new ScheduledBackup(
      { db: t.container.db },
      { dir: path.join(dir, 'backups'), intervalS: 3600, retention: 2 },
      new BackupGauges(restarted),
      clock,
    ).prime();
    expect(await gaugeValue(restarted, 'backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-12-01T04:00:00Z') / 1000,
    );
  });
});
