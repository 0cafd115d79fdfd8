import { Ed25519AuditSigner } from '../../../server/adapters/ops/ed25519-audit-signer.adapter';
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledServerDir, USE_COMPILED_SERVER } from '../support/server-entry';

jest.setTimeout(150_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const GUARD = path.join(__dirname, '..', 'support', 'production-dependencies-only.cjs');
const SECRET = 'a-production-secret-of-forty-characters!';

/**
 * The compiled server as production runs it: `npm run build:server`'s output beside package.json,
 * run with plain node (no tsx), every dependency it loads a production one, APP_ENV=production
 * with its required settings. (The full `npm ci --omit=dev` install is checked by hand: the
 * README says how.)
 */
describe('the compiled production server (npm run build:server)', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-build-'));
    // `npm test` has just run `npm run build:server` (see server-entry.ts): its output is used
    // instead of compiling the server a second time.
    if (USE_COMPILED_SERVER) {
      cpSync(compiledServerDir(), path.join(dir, 'dist-server'), { recursive: true });
    } else {
      execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(dir, 'dist-server')], {
        cwd: ROOT,
        stdio: 'pipe',
      });
    }
    copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    symlinkSync(path.join(ROOT, 'locales'), path.join(dir, 'locales'));
    const production = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    writeFileSync(path.join(dir, 'production-packages.txt'), production);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with plain node in production, as the process that gets the signals, and exits 0 on SIGTERM', async () => {
    // No TypeScript at run time: the output is JavaScript with its migrations beside it.
    expect(existsSync(path.join(dir, 'dist-server/server/main.js'))).toBe(true);
    expect(
      existsSync(
        path.join(
          dir,
          'dist-server/server/adapters/postgres/migrations/001_members_sessions_sms.sql',
        ),
      ),
    ).toBe(true);

    // The launcher in production is exec-like: the API runs in the launcher's own process.
    const child = spawn(process.execPath, ['--require', GUARD, 'dist-server/scripts/start.js'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        PRODUCTION_PACKAGES: path.join(dir, 'production-packages.txt'),
        APP_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'info',
        GATEWAY_SECRET: SECRET,
        SMS_CODE_PEPPER: `pepper-${SECRET}`,
        GATEWAY_URL: 'https://gateway.example.com/pay',
        GATEWAY_STATUS_URL: 'https://gateway.example.com/status',
        // The operator console on a free port, its checkpoints signed with a key of the test's.
        OPS_PORT: '0',
        AUDIT_SIGNING_KEY: Ed25519AuditSigner.generate().exportSetting(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 90_000;
      while (!/Member portal listening on http:\/\/127\.0\.0\.1:\d+/.test(output)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(output);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 1, data: { database: 'pglite' } });
      // The development routes and the sandbox gateway stay out of production.
      expect(output).not.toContain('Sandbox gateway listening');
      // Fastify logs the pid of the process that listens: the one we started.
      expect(output).toContain(`"pid":${child.pid},`);
      expect(output).not.toContain('not a production dependency');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
