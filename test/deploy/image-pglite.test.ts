import {
  dockerRun,
  imageUnderTest,
  msUntil200,
  productionEnv,
  removeContainers,
  runArgs,
} from './image-support';
import { docker, dockerRuns, freePort } from './stack-support';
import {
  backupsDirectory,
  BACKUPS,
  expectDrillPassed,
  opsIn,
  opsInContainerOfItsOwn,
} from './image-backup';

jest.setTimeout(240_000);

/**
 * The image on its embedded database (PGlite in DATA_DIR, /var/lib/portal): `ops.js doctor`
 * before going live, the server refusing to start where the doctor fails, and the operators'
 * command line reaching the running server through its data volume.
 */
describe('the image on PGlite, and its doctor', () => {
  const run = `${process.pid}-${Date.now() % 100_000}`;
  const containers: string[] = [];
  const volume = `image-test-data-${run}`;
  let usable = false;
  let image = '';
  let env: Record<string, string> = {};
  let port = 0;
  let backups: Awaited<ReturnType<typeof backupsDirectory>> | undefined;

  beforeAll(async () => {
    usable = await dockerRuns();
    if (!usable) return;
    image = imageUnderTest();
    port = await freePort();
    env = productionEnv(port, await freePort());
    await docker('volume', 'create', volume);
    backups = await backupsDirectory();
  });

  afterAll(async () => {
    await removeContainers(containers);
    if (usable) await dockerRun(['volume', 'rm', '--force', volume]);
    await backups?.remove();
  });

  const named = () => {
    const name = `image-test-${run}-${containers.length}`;
    containers.push(name);
    return name;
  };

  /** `ops.js doctor` in a one-off container of the image: its exit code and its lines. */
  const doctor = (
    settings: Record<string, string>,
    extra: readonly string[] = [],
    readOnly = true,
  ) =>
    dockerRun([
      'run',
      ...runArgs(named(), settings, extra, readOnly),
      image,
      'node',
      'dist-server/scripts/ops.js',
      'doctor',
    ]);

  it('passes DATA_DIR on a volume', async () => {
    if (!usable) return;
    const ran = await doctor(env, ['--volume', `${volume}:/var/lib/portal`]);
    expect(ran.output).toMatch(/^OK\s+data-dir\s+\/var\/lib\/portal is writable/m);
  });

  it('fails on a development secret', async () => {
    if (!usable) return;
    const { GATEWAY_SECRET: _left, ...withDevelopmentSecret } = env;
    const ran = await doctor(withDevelopmentSecret, ['--volume', `${volume}:/var/lib/portal`]);
    expect(ran.code).not.toBe(0);
    expect(ran.output).toMatch(/^FAIL\s+.*GATEWAY_SECRET/m);
  });

  it('fails on an http PUBLIC_URL in production', async () => {
    if (!usable) return;
    const ran = await doctor({ ...env, PUBLIC_URL: 'http://portal.example.my' }, [
      '--volume',
      `${volume}:/var/lib/portal`,
    ]);
    expect(ran.code).not.toBe(0);
    expect(ran.output).toMatch(/^FAIL\s+.*PUBLIC_URL=http:\/\/portal\.example\.my/m);
  });

  it('fails without a volume on DATA_DIR, and the server refuses to start there', async () => {
    if (!usable) return;
    // A writable root: DATA_DIR would work, on the container's own layer, gone with it.
    const layered = await doctor(env, [], false);
    expect(layered.code).not.toBe(0);
    expect(layered.output).toMatch(/^FAIL\s+data-dir\s+.*container's own filesystem.*volume/m);
    // A read-only root without the volume: nowhere to write.
    const readOnly = await doctor(env);
    expect(readOnly.code).not.toBe(0);
    expect(readOnly.output).toMatch(/^FAIL\s+data-dir\s+.*volume/m);

    const refused = await dockerRun(['run', ...runArgs(named(), env), image]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/data-dir/);
  });

  it('serves from the volume with a read-only root, and the command line reaches it there', async () => {
    if (!usable) return;
    const name = named();
    const started = performance.now();
    await docker(
      'run',
      '--detach',
      ...runArgs(name, env, ['--volume', `${volume}:/var/lib/portal`, ...backups!.mount]),
      image,
    );
    await msUntil200(`http://127.0.0.1:${port}/api/health/ready`, 120_000).catch(
      async (error: Error) => {
        throw new Error(`${error.message}\n${(await dockerRun(['logs', name])).output}`);
      },
    );
    console.log(`start to ready on PGlite: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    // The server holds the directory: the command line asks it through DATA_DIR/ops.sock.
    const created = await dockerRun([
      'exec',
      name,
      'node',
      'dist-server/scripts/ops.js',
      'create-operator',
      '--name',
      'Siti Rahmah',
      '--email',
      `siti-${run}@example.my`,
      '--role',
      'support',
    ]);
    expect(created).toMatchObject({ code: 0 });
    // A backup of the live directory, taken by the server it asks through the same socket.
    const backedUp = await opsIn(name, ['backup', '--to', `${BACKUPS}/pglite.backup`]);
    expect(backedUp.output).toMatch(/^Backup written to \/backups\/pglite\.backup: \d+ bytes/m);
    expect(backedUp.code).toBe(0);
    console.log(`backup of the running PGlite server: ${(backedUp.ms / 1000).toFixed(2)} s`);
    const stopped = await dockerRun(['stop', '--time', '30', name]);
    expect(stopped.code).toBe(0);
    expect(await docker('inspect', '--format', '{{.State.ExitCode}}', name)).toBe('0');
  });

  it('drills the backup the running server took, in a container of its own on a read-only root', async () => {
    if (!usable) return;
    const drill = await opsInContainerOfItsOwn(image, named(), env, backups!.mount, [
      'restore-drill',
      '--from',
      `${BACKUPS}/pglite.backup`,
    ]);
    console.log(
      `restore drill of a PGlite backup in a container: ${(drill.ms / 1000).toFixed(2)} s`,
    );
    expectDrillPassed(drill);
  });
});
