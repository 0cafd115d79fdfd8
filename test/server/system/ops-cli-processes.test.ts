import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeMigratedPgliteDir } from '../../../scripts/support/database-images';
import { acquireDataDirLock, lockHolder } from '../../../server/adapters/postgres/pglite-lock';
import { CSRF_HEADER, OpsPaths } from '../../../src/contract/ops-api';
import { OPS_PASSWORD, totpCode } from '../ops/ops-support';
import { entryArgs } from '../support/server-entry';
import { startServerProcess, type ServerProcess } from '../support/server-process';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OPS_LINE = /Operator console on (http:\/\/127\.0\.0\.1:\d+)/;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The operator command line on the default database (PGlite in DATA_DIR), as real processes:
 * with the server stopped it opens the directory itself, one command at a time; with the server
 * running it asks the server over DATA_DIR/ops.sock, so the link it prints is one the running
 * server knows; a SIGKILLed server's lock is taken over. Enrolment through the console's own
 * listener proves each link.
 */
describe('npm run ops beside the server on PGlite', () => {
  let dataDir: string;
  const env = () => ({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    OPS_PORT: '0',
    OPS_PUBLIC_URL: 'http://localhost:8090',
    OPS_CLI_TIMEOUT_S: '90',
  });
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ops-cli-'));
    await writeMigratedPgliteDir(dataDir);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const opsProcess = (argv: string[], more: NodeJS.ProcessEnv = {}) =>
    spawn(process.execPath, [...entryArgs('scripts/ops'), ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...env(), ...more },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const ops = (argv: string[], more: NodeJS.ProcessEnv = {}): Promise<Ran> =>
    new Promise((resolve) => {
      const child = opsProcess(argv, more);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
  const createOperator = (email: string) =>
    ops(['create-operator', '--name', 'First Operator', '--email', email, '--role', 'admin']);
  const tokenOf = (ran: Ran): string => {
    const token = /#token=([A-Za-z0-9_-]+)/.exec(ran.stdout)?.[1];
    if (token === undefined) throw new Error(`no link printed: ${JSON.stringify(ran)}`);
    return decodeURIComponent(token);
  };

  /** Enrols with a link's token over HTTP on the console's listener: the server knows it. */
  const enrol = async (consoleUrl: string, token: string): Promise<void> => {
    const post = (route: string, body: object) =>
      fetch(`${consoleUrl}/api${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'x' },
        body: JSON.stringify(body),
      });
    const started = await post(OpsPaths.enrolmentStart, { token });
    expect(started.status).toBe(200);
    const secret = ((await started.json()) as { data: { totp_secret: string } }).data.totp_secret;
    const finished = await post(OpsPaths.enrolmentFinish, {
      token,
      password: OPS_PASSWORD,
      totp_code: totpCode(secret, Date.now()),
    });
    expect(finished.status).toBe(200);
  };

  it('creates operators whether the server runs or not, and takes over a killed server’s lock', async () => {
    // Stopped: two commands at once both succeed, one after the other on the directory.
    const [first, second] = await Promise.all([
      createOperator('stopped@ops.test'),
      createOperator('beside@ops.test'),
    ]);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(`${first.stderr}${second.stderr}`).toContain(`Opening the database in ${dataDir}`);

    let server: ServerProcess | undefined = await startServerProcess(env(), {
      alsoWaitFor: OPS_LINE,
    });
    try {
      const consoleUrl = OPS_LINE.exec(server.output())?.[1] ?? '';
      await enrol(consoleUrl, tokenOf(first));

      // Running: the running server does it, and knows the link it gave.
      const running = await createOperator('running@ops.test');
      expect(running.code).toBe(0);
      expect(running.stdout).toContain('Operator running@ops.test (admin) created.');
      expect(running.stderr).toContain(`Asking the running server over ${dataDir}/ops.sock`);
      await enrol(consoleUrl, tokenOf(running));

      // Killed: its lock and socket are left behind; the next command takes the lock over.
      server.child.kill('SIGKILL');
      await server.exited;
      server = undefined;
      expect(existsSync(path.join(dataDir, 'ops.sock'))).toBe(true);
      const verified = await ops(['verify-audit']);
      expect(verified.stderr).toContain(`Opening the database in ${dataDir}`);
      expect(verified.code).toBe(0);
    } finally {
      server?.child.kill('SIGKILL');
    }
  });

  it('says whom it waits for, gives up at its time limit and stops on SIGTERM', async () => {
    // This process holds another directory's lock, as a server starting would.
    const held = mkdtempSync(path.join(tmpdir(), 'ops-cli-held-'));
    const lock = await acquireDataDirLock(held);
    const waiting = `Waiting for the database lock held by pid ${process.pid}`;
    try {
      const timedOut = await ops(['checkpoint'], { DATA_DIR: held, OPS_CLI_TIMEOUT_S: '2' });
      expect(timedOut.code).toBe(1);
      expect(timedOut.stderr).toContain(waiting);
      expect(timedOut.stderr).toContain(`Gave up after 2 s (OPS_CLI_TIMEOUT_S), still waiting`);

      const child = opsProcess(['checkpoint'], { DATA_DIR: held });
      await new Promise<void>((resolve) =>
        child.stderr?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes(waiting)) resolve();
        }),
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(143);
    } finally {
      lock.release();
      rmSync(held, { recursive: true, force: true });
    }
  });

  it('stops the process holding the directory when the time limit runs out', async () => {
    // A new directory: creating it (initdb) outlasts a limit of 1 s.
    const fresh = mkdtempSync(path.join(tmpdir(), 'ops-cli-fresh-'));
    try {
      const timedOut = await ops(['checkpoint'], { DATA_DIR: fresh, OPS_CLI_TIMEOUT_S: '1' });
      expect(timedOut.code).toBe(1);
      expect(timedOut.stderr).toContain(
        `Gave up after 1 s (OPS_CLI_TIMEOUT_S), still opening the database in ${fresh}`,
      );
      // Its child is gone with it: nothing live holds the directory.
      expect(lockHolder(fresh)).toBeNull();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
