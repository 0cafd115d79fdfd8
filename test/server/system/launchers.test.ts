import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { devBanner } from '../../../scripts/dev-banner';
import { freePort } from '../../../scripts/support/free-port';
import { loadConfig } from '../../../server/config';
import { migratedDataDir } from '../support/server-process';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The development launchers stop on a signal sent to their own pid, as an IDE or a process
 * manager sends it: npm passes SIGTERM and SIGINT to its child only, so a shell left between npm
 * and the app would die of it and leave the app listening. Each launcher runs in a process group
 * of its own here, so the test can tell that nothing of it is left (and clear up if something is).
 */

const started: ChildProcess[] = [];
const dataDirs: string[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.pid !== undefined && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a TCP connection to the port on loopback is accepted. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(done: () => Promise<boolean> | boolean, ms: number, what: () => string) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const LAUNCHERS: {
  command: string;
  args: string[];
  signal: NodeJS.Signals;
  listens: ('api' | 'sandbox')[];
}[] = [
  { command: 'npm run start:server', args: ['start:server'], signal: 'SIGTERM', listens: ['api'] },
  {
    command: 'npm run start:sandbox',
    args: ['start:sandbox'],
    signal: 'SIGINT',
    listens: ['sandbox'],
  },
  {
    command: 'npm run dev -- --no-web',
    args: ['dev', '--', '--no-web'],
    signal: 'SIGTERM',
    listens: ['api', 'sandbox'],
  },
];

describe('development launchers', () => {
  it.each(LAUNCHERS)(
    '$command: $signal to its pid stops every process it started and frees the ports',
    async ({ args, signal, listens }) => {
      const ports = { api: await freePort(), sandbox: await freePort() };
      // The API starts on a PGlite directory already migrated: no initdb and migrations to wait
      // for (about 3 s of CPU each); the migrations on start are tested on their own.
      const dataDir = listens.includes('api') ? await migratedDataDir() : 'memory://';
      if (dataDir !== 'memory://') dataDirs.push(dataDir);
      const npm = spawn('npm', ['run', '--silent', ...args], {
        cwd: ROOT,
        env: {
          ...process.env,
          APP_ENV: 'test',
          LOG_LEVEL: 'silent',
          PORT: String(ports.api),
          SANDBOX_GATEWAY_PORT: String(ports.sandbox),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      started.push(npm);
      let output = '';
      npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));

      const wanted = listens.map((name) => ports[name]);
      await until(
        async () => (await Promise.all(wanted.map(answers))).every(Boolean),
        120_000,
        () => `not listening on ${wanted.join(', ')}; output:\n${output}`,
      );
      if (args[0] === 'dev') {
        // It said where to open the app and the SMS outbox (no console under APP_ENV=test).
        expect(output).toContain(`Member app        http://localhost:${ports.api}\n`);
        expect(output).toContain(`http://localhost:${ports.api}/api/dev/sms-outbox/page`);
        expect(output).toContain('Operator console  off');
      }

      npm.kill(signal);
      const signalled = Date.now();
      await until(
        async () => !(await Promise.all(wanted.map(answers))).some(Boolean),
        5_000,
        () => `still answering ${Date.now() - signalled} ms after ${signal}; output:\n${output}`,
      );
      await exited;
      // Nothing it started lives on: no orphaned tsx, shell or app in its process group.
      await until(
        () => !groupAlive(npm.pid ?? 0),
        5_000,
        () => `processes left after ${signal}; output:\n${output}`,
      );
    },
  );
});

describe("npm run dev's banner: where to open what", () => {
  it('names the member app, the console and the SMS outbox page by default', () => {
    expect(devBanner(loadConfig({}))).toBe(
      [
        'Development loop:',
        '  Member app        http://localhost:8080',
        '  Operator console  http://localhost:8090  (listening on 127.0.0.1:8090)',
        '  SMS outbox        http://localhost:8080/api/dev/sms-outbox/page',
      ].join('\n'),
    );
  });

  it('follows PORT, OPS_PORT and OPS_PUBLIC_URL', () => {
    const banner = devBanner(
      loadConfig({ PORT: '3000', OPS_PORT: '3100', OPS_PUBLIC_URL: 'http://ops.localhost:3100' }),
    );
    expect(banner).toContain('  Member app        http://localhost:3000\n');
    expect(banner).toContain(
      '  Operator console  http://ops.localhost:3100  (listening on 127.0.0.1:3100)',
    );
    expect(banner).toContain('  SMS outbox        http://localhost:3000/api/dev/sms-outbox/page');
  });

  it('says when there is no console or no outbox', () => {
    const banner = devBanner(
      loadConfig({
        APP_ENV: 'test',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15550000000',
      }),
    );
    expect(banner).toContain('Operator console  off (no OPS_PORT)');
    expect(banner).toContain('SMS outbox        none: SMS_PROVIDER=twilio sends the codes');
  });
});
