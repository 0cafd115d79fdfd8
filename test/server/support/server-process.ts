import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
 * server/main.ts in a process of its own, run by node itself (not the tsx launcher: killing a
 * launcher would leave the server it started running), on PGlite in memory and a free port
 * unless `env` says otherwise. Resolves once it prints where it listens, and `alsoWaitFor` when
 * given; an early exit or `timeoutMs` rejects with its output, and kills it.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: { alsoWaitFor?: RegExp; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
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
