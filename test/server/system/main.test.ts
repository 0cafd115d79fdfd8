import { execFile, fork } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { entryArgs } from '../support/server-entry';
import { startServerProcess } from '../support/server-process';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('server/main.ts', () => {
  it('refuses to start in production with default secrets', async () => {
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, APP_ENV: 'production', GATEWAY_SECRET: '', SMS_CODE_PEPPER: '' },
        timeout: 60_000,
      },
    ).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('GATEWAY_SECRET: production needs your own secret');
    expect(failure?.stderr).toContain('SMS_CODE_PEPPER: production needs your own secret');
  });

  it('stops when its launcher went away while it was still starting', async () => {
    // The launcher's IPC channel closed before the server listened for its going.
    const [entry, ...rest] = entryArgs('server/main').reverse();
    const child = fork(entry ?? '', [], {
      cwd: ROOT,
      execArgv: rest.reverse(),
      env: { ...process.env, APP_ENV: 'test', PORT: '0', DATA_DIR: 'memory://', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    try {
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('prints where it listens and where its metrics are, serves both, and exits 0 on SIGTERM', async () => {
    // The metrics listener is private: loopback unless METRICS_HOST says otherwise.
    const metricsLine = /Metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/;
    const server = await startServerProcess(
      { METRICS_PORT: '0', LOG_LEVEL: 'silent' },
      { alsoWaitFor: metricsLine },
    );
    const { child, exited } = server;
    try {
      const url = server.baseUrl;
      const metricsUrl = metricsLine.exec(server.output())?.[1] ?? '';
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const scrape = await (await fetch(metricsUrl)).text();
      expect(scrape).toMatch(/^http_requests_total\{[^}]*route="\/api\/health"[^}]*\} 1$/m);
      // Node's process metrics come with the running server.
      expect(scrape).toContain('process_cpu_user_seconds_total');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
