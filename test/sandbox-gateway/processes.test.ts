import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { entryArgs } from '../server/support/server-entry';
import { migratedDataDir } from '../server/support/server-process';
import { freePort } from '../../scripts/support/free-port';

jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '..', '..');

/** An entry point in a process of its own: compiled under `npm test` (see server-entry.ts). */
function run(entry: 'sandbox-gateway/main' | 'scripts/start', env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, entryArgs(entry), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

/** Resolves once every pattern has been printed; fails with the output if the child exits. */
async function printed(
  started: ReturnType<typeof run>,
  patterns: RegExp[],
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!patterns.every((p) => p.test(started.output()))) {
    if (started.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`not printed ${patterns.join(', ')}:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const children: ChildProcess[] = [];
/** SIGTERM first: a SIGKILLed launcher could not stop the apps it started. */
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(killer);
  }
});

describe('sandbox-gateway/main.ts', () => {
  it('refuses to run in production', async () => {
    const started = run('sandbox-gateway/main', { APP_ENV: 'production' });
    children.push(started.child);
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('the sandbox gateway never runs in production');
  });

  it('listens on SANDBOX_GATEWAY_PORT and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const started = run('sandbox-gateway/main', {
      APP_ENV: 'test',
      SANDBOX_GATEWAY_PORT: String(port),
    });
    children.push(started.child);
    await printed(started, [new RegExp(`Sandbox gateway listening on http://127.0.0.1:${port}`)]);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });
});

/** The children's process ids, as the launcher prints them. */
function childPids(output: string): number[] {
  return [...output.matchAll(/started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pids: number[], ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pids.some(alive)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe('scripts/start.ts (the launcher of npm start)', () => {
  // Each API starts on a PGlite directory already migrated: no initdb and migrations per test.
  let dataDir = '';
  beforeEach(async () => {
    dataDir = await migratedDataDir();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = (apiPort: number, gatewayPort: number): NodeJS.ProcessEnv => ({
    APP_ENV: 'test',
    PORT: String(apiPort),
    SANDBOX_GATEWAY_PORT: String(gatewayPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  });

  it('starts the API and the sandbox gateway on their own ports and stops both on SIGTERM', async () => {
    const [apiPort, gatewayPort] = [await freePort(), await freePort()];
    const started = run('scripts/start', env(apiPort, gatewayPort));
    children.push(started.child);
    await printed(started, [/Member portal listening/, /Sandbox gateway listening/]);
    expect((await fetch(`http://127.0.0.1:${apiPort}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${gatewayPort}/health`)).status).toBe(200);
    // The API no longer serves the gateway's pages.
    const oldPage = await fetch(`http://127.0.0.1:${apiPort}/sandbox-gateway/pay`, {
      method: 'POST',
    });
    expect(oldPage.status).toBe(404);

    const pids = childPids(started.output());
    expect(pids).toHaveLength(2);
    started.child.kill('SIGTERM');
    // A repeated signal changes nothing: both children still drain and exit 0.
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(await gone(pids, 1000)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${apiPort}/api/health`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${gatewayPort}/health`)).rejects.toThrow();
  });

  it('leaves no orphan even when the launcher itself is killed with SIGKILL', async () => {
    const [apiPort, gatewayPort] = [await freePort(), await freePort()];
    const started = run('scripts/start', env(apiPort, gatewayPort));
    children.push(started.child);
    await printed(started, [/Member portal listening/, /Sandbox gateway listening/]);
    const pids = childPids(started.output());
    expect(pids).toHaveLength(2);
    started.child.kill('SIGKILL');
    await started.exited;
    // The children see their IPC channel close and shut down by themselves.
    expect(await gone(pids)).toBe(true);
  });

  it('stops the API and fails when the sandbox gateway cannot start', async () => {
    const [apiPort, gatewayPort] = [await freePort(), await freePort()];
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(gatewayPort, '127.0.0.1', resolve));
    try {
      const started = run('scripts/start', env(apiPort, gatewayPort));
      children.push(started.child);
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain('sandbox-gateway exited (code 1): stopping the others');
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });
});
