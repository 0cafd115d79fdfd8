import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

describe('server/main.ts', () => {
  it('refuses to start in production with default secrets', async () => {
    const failure = await promisify(execFile)(TSX, ['server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, APP_ENV: 'production', GATEWAY_SECRET: '', SMS_CODE_PEPPER: '' },
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('GATEWAY_SECRET: production needs your own secret');
    expect(failure?.stderr).toContain('SMS_CODE_PEPPER: production needs your own secret');
  });

  it('prints where it listens, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(TSX, ['server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, APP_ENV: 'test', PORT: '0', DATA_DIR: 'memory://', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Member portal listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match) resolve(match[1]);
        });
        child.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
      });
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
