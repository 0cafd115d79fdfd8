import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContainer, type ServerContainer } from '../../../server/container';
import { restoreBackup, targetOf } from '../../../server/backup/restore';
import { takeBackup } from '../../../server/backup/take-backup';
import {
  askRunningServer,
  type LocalChannel,
  openLocalChannel,
} from '../../../server/ops-cli/local-channel';
import { writeMigratedPgliteDir } from '../../../scripts/support/database-images';
import { testConfig } from '../support/in-memory-server';
import { storeMembers } from './backup-support';

jest.setTimeout(120_000);

/**
 * `ops backup` on a PGlite directory a server holds: the command line asks the server over its
 * local channel, and the server dumps its own live directory (the socket and lock beside it).
 */
describe('backup through the running server on PGlite', () => {
  let dir: string;
  let container: ServerContainer;
  let channel: LocalChannel;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-channel-'));
    const dataDir = path.join(dir, 'data');
    await writeMigratedPgliteDir(await mkdtemp(dataDir));
    container = await createContainer(testConfig({ dataDir }));
    channel = await openLocalChannel(container, dataDir, (error) => console.error(error));
    await storeMembers(container, 2);
  });
  afterAll(async () => {
    await channel?.close();
    await container?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the backup, which restores into a directory without the server’s lock', async () => {
    const file = path.join(dir, 'live.backup');
    const answer = await askRunningServer(
      path.join(dir, 'data'),
      ['backup', '--to', file],
      () => undefined,
    );
    expect(answer).toMatchObject({ code: 0 });
    expect(answer !== 'absent' && answer.out[0]).toMatch(/^Backup written to .*live\.backup/);
    const [entry] = await container.db.query<{ action: string; actor_name: string }>(
      'SELECT action, actor_name FROM audit_log ORDER BY seq DESC LIMIT 1',
    );
    expect(entry).toEqual({ action: 'backup.take', actor_name: 'cli' });
    const restored = path.join(dir, 'restored');
    const manifest = await restoreBackup(file, targetOf(restored));
    expect(manifest.rowCounts.members).toBe(2);
    const left = await readdir(restored);
    expect(left).not.toContain('ops.sock');
    expect(left).not.toContain('portal.lock');
  });

  it('lets the scheduled backup copy the directory too, and answers again afterwards', async () => {
    const dataDir = path.join(dir, 'data');
    const manifest = await takeBackup(
      { db: container.db, dataDir },
      path.join(dir, 'scheduled.backup'),
    );
    expect(manifest.rowCounts.members).toBe(2);
    expect(await askRunningServer(dataDir, ['checkpoint'], () => undefined)).toMatchObject({
      code: 0,
    });
  });
});
