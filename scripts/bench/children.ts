import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { BENCH_SCRIPT } from './settings';

/** Runs the benchmark script again in a child role; resolves with what it prints after READY. */
export function start(args: string[]): Promise<{ child: ChildProcess; ready: unknown }> {
  if (!existsSync(BENCH_SCRIPT)) throw new Error(`${BENCH_SCRIPT} is missing: run npm run bench`);
  const child = spawn(process.execPath, [BENCH_SCRIPT, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}
