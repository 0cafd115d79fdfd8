import { availableParallelism, loadavg } from 'node:os';
import { Client } from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/support/databases';
import {
  dockerRun,
  imageUnderTest,
  msUntil200,
  productionEnv,
  removeContainers,
  runArgs,
  statusOf,
} from './image-support';
import { docker, dockerRuns, freePort, freshSecrets } from './stack-support';
import {
  backupsDirectory,
  BACKUPS,
  expectDrillPassed,
  opsInContainerOfItsOwn,
} from './image-backup';

jest.setTimeout(180_000);

/** The aims the image is measured against (printed; the assertions leave room for a busy host). */
const AIM_READY_MS = 3_000;
const AIM_SIZE_MB = 250;

/**
 * The image as built from the Dockerfile (`npm run test:deploy` builds it on the offline base):
 * its settings, then the server on PostgreSQL with a read-only root, the operators' command line
 * inside it, and a stop that drains.
 */
describe('the image', () => {
  const run = `${process.pid}-${Date.now() % 100_000}`;
  const containers: string[] = [];
  // One deployment's secrets for every container on the suite's database, as production has.
  const secrets = freshSecrets();
  let usable = false;
  let image = '';
  let scratch: ScratchDatabase | undefined;
  let backups: Awaited<ReturnType<typeof backupsDirectory>> | undefined;

  beforeAll(async () => {
    usable = await dockerRuns();
    if (!usable) return;
    image = imageUnderTest();
    scratch = await createScratchDatabase();
    backups = await backupsDirectory();
  });

  afterAll(async () => {
    await removeContainers(containers);
    await scratch?.drop();
    await backups?.remove();
  });

  /** Starts the server on the scratch database; answers its name, ports and the ms to ready. */
  async function startOnPostgres(extraEnv: Record<string, string> = {}) {
    const [port, opsPort] = [await freePort(), await freePort()];
    const name = `image-test-${run}-${containers.length}`;
    containers.push(name);
    const env = {
      ...productionEnv(port, opsPort),
      ...secrets,
      DATABASE_URL: scratch!.url,
      ...extraEnv,
    };
    const started = performance.now();
    const { ms: runMs } = await dockerRun(['run', '--detach', ...runArgs(name, env), image]);
    const ready = `http://127.0.0.1:${port}/api/health/ready`;
    await msUntil200(ready, 60_000).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${(await dockerRun(['logs', name])).output}`);
    });
    const readyMs = performance.now() - started;
    return { name, port, opsPort, ready, readyMs, runMs };
  }

  /** The figure as printed: the whole, Docker's part (`docker run` until it returns) and the load. */
  const startFigure = ({ readyMs, runMs }: { readyMs: number; runMs: number }) =>
    `${(readyMs / 1000).toFixed(2)} s, of which docker run ${(runMs / 1000).toFixed(2)} s ` +
    `(load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`;

  it('runs as a non-root user the server as PID 1, stops on SIGTERM and checks health with node', async () => {
    if (!usable) return;
    const config = JSON.parse(
      await docker('image', 'inspect', '--format', '{{json .Config}}', image),
    );
    expect(config.User).toBe('1000:1000');
    expect(config.StopSignal).toBe('SIGTERM');
    expect(config.Cmd).toEqual(['node', 'dist-server/server/main.js']);
    expect(config.Healthcheck.Test.slice(0, 2)).toEqual(['CMD', 'node']);
    expect(config.Env).toEqual(
      expect.arrayContaining(['APP_ENV=production', 'DATA_DIR=/var/lib/portal']),
    );
    const who = await docker('run', '--rm', '--network', 'host', image, 'id', '-u');
    expect(who).toBe('1000');
  });

  it('holds production dependencies only, and prints its size', async () => {
    if (!usable) return;
    const bytes = Number(await docker('image', 'inspect', '--format', '{{.Size}}', image));
    const mb = bytes / 1e6;
    console.log(`image size: ${mb.toFixed(0)} MB (aim under ${AIM_SIZE_MB} MB)`);
    const listing = await docker(
      'run',
      '--rm',
      '--network',
      'host',
      image,
      'sh',
      '-c',
      'ls node_modules node_modules/.bin; ls dist/index.html dist-console/index.html locales',
    );
    for (const devOnly of ['typescript', 'tsx', 'parcel', 'jest', 'eslint', 'playwright-core']) {
      expect(listing.split('\n')).not.toContain(devOnly);
    }
    expect(listing).toContain('dist/index.html');
    expect(listing).toContain('dist-console/index.html');
    expect(mb).toBeLessThan(600);
  });

  it('starts on PostgreSQL with a read-only root, and its health check passes', async () => {
    if (!usable) return;
    const first = await startOnPostgres();
    console.log(`start to ready on PostgreSQL, migrating: ${startFigure(first)}`);
    const live = await statusOf(`http://127.0.0.1:${first.port}/api/health/live`);
    expect(live).toBe(200);
    const opsReady = await statusOf(`http://127.0.0.1:${first.opsPort}/api/health/ready`);
    expect(opsReady).toBe(200);
    // The image's own HEALTHCHECK command, run as Docker runs it.
    const test = JSON.parse(
      await docker('image', 'inspect', '--format', '{{json .Config.Healthcheck.Test}}', image),
    ) as string[];
    const health = await dockerRun(['exec', first.name, ...test.slice(1)]);
    expect(health).toMatchObject({ code: 0 });

    await docker('rm', '--force', first.name);
    const again = await startOnPostgres();
    console.log(
      `start to ready on PostgreSQL, migrated: ${startFigure(again)}; aim under ${AIM_READY_MS / 1000} s`,
    );
    expect(again.readyMs).toBeLessThan(20_000);
  });

  it('creates an operator with the command line inside the container', async () => {
    if (!usable) return;
    const { name } = await startOnPostgres();
    const email = `nur-${run}@example.my`;
    const created = await dockerRun([
      'exec',
      name,
      'node',
      'dist-server/scripts/ops.js',
      'create-operator',
      '--name',
      'Nur Aisyah',
      '--email',
      email,
      '--role',
      'admin',
    ]);
    expect(created).toMatchObject({ code: 0 });
    const client = new Client({ connectionString: scratch!.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT role FROM operators WHERE email = $1', [email]);
      expect(rows).toEqual([{ role: 'admin' }]);
    } finally {
      await client.end();
    }
  });

  it('backs up PostgreSQL with the pg_dump it carries, and drills the backup in a container', async () => {
    if (!usable) return;
    // Beside the server the operator test left running on the same database.
    // The servers' own secrets: the drill checks the audit checkpoints with their signing key.
    const env = {
      ...productionEnv(await freePort(), await freePort()),
      ...secrets,
      DATABASE_URL: scratch!.url,
    };
    const file = `${BACKUPS}/postgres.backup`;
    const one = (args: string[]) => {
      const name = `image-test-${run}-${containers.length}`;
      containers.push(name);
      return opsInContainerOfItsOwn(image, name, env, backups!.mount, args);
    };
    const backedUp = await one(['backup', '--to', file]);
    expect(backedUp.output).toMatch(/^Backup written to \/backups\/postgres\.backup: \d+ bytes/m);
    expect(backedUp.code).toBe(0);
    const drill = await one(['restore-drill', '--from', file]);
    console.log(
      `backup of PostgreSQL in a container: ${(backedUp.ms / 1000).toFixed(2)} s; its drill ${(drill.ms / 1000).toFixed(2)} s`,
    );
    expectDrillPassed(drill);
  });

  it('answers 503 on ready from the first moment of `docker stop`, then exits 0 in its grace', async () => {
    if (!usable) return;
    const { name, ready } = await startOnPostgres({
      SHUTDOWN_DELAY_MS: '1500',
      SHUTDOWN_GRACE_MS: '5000',
    });
    const seen: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const status = await statusOf(ready);
        if (seen.at(-1) !== status) seen.push(status);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Docker kills the process after 30 s: a stop that returns well before is the drain's own.
    const stopped = await dockerRun(['stop', '--time', '30', name]);
    polling = false;
    await poll;
    const state = JSON.parse(await docker('inspect', '--format', '{{json .State}}', name));
    console.log(
      `docker stop: ${(stopped.ms / 1000).toFixed(2)} s, exit ${state.ExitCode}, ready answered ${seen.join(' → ')}`,
    );
    expect(stopped.code).toBe(0);
    expect(state).toMatchObject({ ExitCode: 0, OOMKilled: false });
    expect(stopped.ms).toBeLessThan(15_000);
    // 200 while serving, 503 while the listener still accepts, then nothing answers (a probe
    // lost to a busy host before the stop, a 0, is not the drain's doing).
    const drained = seen.indexOf(503);
    expect(seen[0]).toBe(200);
    expect(drained).toBeGreaterThan(0);
    expect(seen.slice(drained)).not.toContain(200);
    expect(seen.at(-1)).toBe(0);
  });
});
