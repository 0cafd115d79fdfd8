import { execFile } from 'node:child_process';
import path from 'node:path';
import { entryArgs } from '../support/server-entry';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SECRET = 'a-production-secret-of-forty-characters!';

/** Production settings that load, with an http PUBLIC_URL the fatal checks refuse. */
const HTTP_PRODUCTION = {
  APP_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://portal.example.my',
  OPS_PORT: '0',
  DATA_DIR: 'memory://',
  DATABASE_URL: '',
  REDIS_URL: '',
  GATEWAY_SECRET: SECRET,
  SMS_CODE_PEPPER: `pepper-${SECRET}`,
  GATEWAY_URL: 'https://gateway.example.com/pay',
  GATEWAY_STATUS_URL: 'http://127.0.0.1:9/status',
  LOG_LEVEL: 'warn',
};

/** Runs an entry to its end: its exit code and what it printed. */
function run(
  entry: 'server/main' | 'scripts/ops',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entryArgs(entry), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const REFUSED = 'FAIL  public-url    PUBLIC_URL=http://portal.example.my: production needs https';

describe('the preflight in processes', () => {
  it('refuses a production start with the line the doctor prints, and the doctor exits 1', async () => {
    const [start, doctor] = await Promise.all([
      run('server/main', [], HTTP_PRODUCTION),
      run('scripts/ops', ['doctor'], HTTP_PRODUCTION),
    ]);
    expect(start.code).toBe(1);
    expect(start.stderr).toContain('Refusing to start in production');
    expect(start.stderr).toContain(REFUSED);
    expect(start.stdout).not.toContain('listening');

    expect(doctor.code).toBe(1);
    const lines = doctor.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[1])).toEqual([
      'settings',
      'public-url',
      'console-url',
      'secrets',
      'ops-host',
      'data-dir',
      'sms',
      'trust-proxy',
      'gateway',
      'database',
      'redis',
    ]);
    expect(lines).toContainEqual(expect.stringContaining(REFUSED));
    expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}gateway .*did not answer/));
  });

  it('doctor: fails on a development secret in production, one line per problem', async () => {
    const doctor = await run('scripts/ops', ['doctor'], {
      ...HTTP_PRODUCTION,
      GATEWAY_SECRET: '',
      PUBLIC_URL: 'https://portal.example.my',
    });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/^FAIL {2}settings +GATEWAY_SECRET: production needs your own/m);
    expect(doctor.stdout).not.toContain('dev-only');
  });
});
