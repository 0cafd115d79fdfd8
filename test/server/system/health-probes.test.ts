import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { entryArgs } from '../support/server-entry';
import { acquireDataDirLock } from '../../../server/adapters/postgres/pglite-lock';
import { migratedDataDir, startServerProcess } from '../support/server-process';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** A port free now (the server is then told to take it: the test must know it before it listens). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

jest.setTimeout(90_000);

describe('server/main.ts probes during a shutdown', () => {
  it('answers ready 503 from the signal on, still accepting for SHUTDOWN_DELAY_MS, then exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_DELAY_MS: '1500', LOG_LEVEL: 'info' });
    const { child, exited } = server;
    try {
      const ready = () => fetch(`${server.baseUrl}/api/health/ready`);
      expect((await ready()).status).toBe(200);
      const signalled = Date.now();
      child.kill('SIGTERM');
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('SIGTERM received')) {
        if (Date.now() > deadline) throw new Error(server.output());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // New connections are still taken: the probe tells the balancer to go elsewhere.
      const during = await ready();
      expect(Date.now() - signalled).toBeLessThan(1500);
      expect(during.status).toBe(503);
      expect(await during.json()).toMatchObject({ data: { state: 'draining' } });
      expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('server/main.ts probes during start-up', () => {
  it('answers ready 503 (starting) until its database is open, then 200', async () => {
    const port = await freePort();
    // A migrated directory whose lock this test holds: the server waits for it (as it would for
    // a long migration or an ops command), answering the probes meanwhile.
    const dataDir = await migratedDataDir();
    const lock = await acquireDataDirLock(dataDir);
    const child = spawn(process.execPath, entryArgs('server/main'), {
      cwd: ROOT,
      env: {
        ...process.env,
        APP_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const seen: string[] = [];
    /** Asks ready until it answers `wanted`, noting each change of answer. */
    const until = async (wanted: string) => {
      const deadline = Date.now() + 60_000;
      while (seen.at(-1) !== wanted) {
        if (Date.now() > deadline) throw new Error(`never ${wanted}: ${seen.join(', ')}`);
        const answer = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          async (response) => {
            const body = (await response.json()) as { data?: { state?: string } };
            return `${response.status} ${body.data?.state}`;
          },
          () => 'refused',
        );
        if (seen.at(-1) !== answer) seen.push(answer);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    try {
      await until('503 starting');
      lock.release();
      await until('200 ready');
      // Refused only before it answers at all (and for the moment the real listener takes over).
      expect(seen.filter((one) => one !== 'refused')).toEqual(['503 starting', '200 ready']);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      lock.release();
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
