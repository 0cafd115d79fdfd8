import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dockerRun, type Ran, runArgs } from './image-support';

/**
 * The backup and its drill run inside the image, as docs/production.md tells an operator to run
 * them: `ops.js backup` beside the running server, the file in a host directory mounted on
 * /backups, and `ops.js restore-drill` in a container of its own on a read-only root, with a
 * tmpfs on /tmp for PGlite's scratch copy.
 */

const OPS = ['node', 'dist-server/scripts/ops.js'];

/** Where the backups directory is mounted inside the containers. */
export const BACKUPS = '/backups';

/**
 * A host directory for the backups, mounted on /backups: open to every user, as the image's user
 * (1000) writes there and the test may run as another one.
 */
export async function backupsDirectory(): Promise<{
  mount: string[];
  remove: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-backups-'));
  await chmod(dir, 0o777);
  return {
    mount: ['--volume', `${dir}:${BACKUPS}`],
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** `ops.js ...args` in the running container `name`. */
export const opsIn = (name: string, args: readonly string[]): Promise<Ran> =>
  dockerRun(['exec', name, ...OPS, ...args]);

/**
 * `ops.js ...args` in a one-off container `name` of `image` on a read-only root with a tmpfs on
 * /tmp, the backups directory mounted.
 */
export const opsInContainerOfItsOwn = (
  image: string,
  name: string,
  env: Record<string, string>,
  mount: readonly string[],
  args: readonly string[],
): Promise<Ran> =>
  dockerRun([
    'run',
    '--rm',
    ...runArgs(name, env, ['--tmpfs', '/tmp', ...mount]),
    image,
    ...OPS,
    ...args,
  ]);

/** What a drill that passed prints: every check ok, and its last line. */
export function expectDrillPassed(drill: Ran): void {
  if (drill.code !== 0 || !/^Restore drill passed\.$/m.test(drill.output)) {
    throw new Error(`the restore drill did not pass (exit ${drill.code}):\n${drill.output}`);
  }
  const lines = drill.output.split('\n');
  expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
  expect(drill.output).toMatch(/^ok\s+restored into .*SHA-256 matches the manifest/m);
  expect(drill.output).toMatch(/^ok\s+row counts match the manifest in \d+ tables/m);
  expect(drill.output).toMatch(/^ok\s+audit log: \d+ entries/m);
}
