import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeMigratedPgliteDir } from '../../../scripts/support/database-images';
import { entryArgs } from './server-entry';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** The exit code (null when ended by a signal); settles when the process ends. */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/**
 * server/main.ts in a process of its own, run by node itself (not the launcher: killing a
 * launcher would leave the server it started running; compiled under `npm test`, see
 * server-entry.ts), on a free port and, unless `env` names a
 * DATA_DIR or a DATABASE_URL, on a PGlite directory of its own that starts migrated (see
 * database-images.ts; removed when the process ends). Running initdb and every migration in
 * each process would cost it about 3 s of CPU more; the migrations on start are tested on
 * their own. Resolves once it prints where it listens, and `alsoWaitFor` when given; an early
 * exit or `timeoutMs` rejects with its output, and kills it.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: { alsoWaitFor?: RegExp; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const ownDataDir = env.DATA_DIR || env.DATABASE_URL ? undefined : await migratedDataDir();
  const child = spawn(process.execPath, entryArgs('server/main'), {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir ?? 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not listening after ${timeoutMs} ms; output:\n${output}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = listening.exec(output);
        if (match && (!options.alsoWaitFor || options.alsoWaitFor.test(output))) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before listening; output:\n${output}`));
      });
    });
    return { child, port: Number(new URL(baseUrl).port), baseUrl, exited, output: () => output };
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  }
}

/** A new directory holding a migrated PGlite data directory. */
export async function migratedDataDir(): Promise<string> {
  const directory = mkdtempSync(path.join(tmpdir(), 'server-process-'));
  await writeMigratedPgliteDir(directory);
  return directory;
}
