import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run dev`: the development loop, at the address the API prints (http://localhost:8080 by
 * default).
 *  - Parcel watches the SPA and writes a development build to dist/ on every change (no hot
 *    reload: reload the page). dist/ is emptied first, so no precompressed copy of an older
 *    `npm run build` is served in its place; `npm run build` makes the production one again.
 *  - Once the first build is there, the API (server/main.ts) and the sandbox gateway run under
 *    `tsx watch`, each restarted when a file it imports changes. Their logs are pretty on a
 *    terminal, as in any development run.
 *  - Ctrl-C, or SIGTERM/SIGINT to this process or to the npm that started it, stops all three;
 *    the ports are free when it exits. When Parcel stops on its own, the others are stopped too.
 * `npm run dev -- --no-web` runs only the two watched servers, with dist/ as it is.
 *
 * Each child runs in a process group of its own, so a terminal's Ctrl-C reaches only this
 * process, which stops each child once: `tsx watch` kills its app outright on a second signal.
 */

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const PARCEL = path.join(ROOT, 'node_modules', 'parcel', 'lib', 'bin.js');
/** tsx watch gives its app 5 s after SIGTERM; Parcel stops at once. Then it is killed. */
const KILL_AFTER_MS = 15_000;

const withWeb = !process.argv.includes('--no-web');
const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

function start(name: string, args: string[]): void {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  children.set(name, child);
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`${name} exited (${signal ?? `code ${code}`}): stopping the others`);
      exitCode = code || 1;
      stop();
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

function stop(): void {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, KILL_AFTER_MS).unref();
  for (const child of children.values()) child.kill('SIGTERM');
  if (children.size === 0) process.exit(exitCode);
}

/** Resolves once the SPA's first build wrote index.html; false when stopped before. */
async function firstBuild(): Promise<boolean> {
  while (!existsSync(path.join(DIST, 'index.html'))) {
    if (stopping) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

async function main(): Promise<void> {
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (withWeb) {
    rmSync(DIST, { recursive: true, force: true });
    start('spa', [
      PARCEL,
      'watch',
      'src/ui/index.html',
      '--dist-dir',
      'dist',
      '--public-url',
      '/',
      '--no-hmr',
      '--no-autoinstall',
      // The API serves no source maps.
      '--no-source-maps',
    ]);
    // The API serves the SPA only when dist/index.html exists as it starts.
    if (!(await firstBuild())) return;
  }
  const watch = (entry: string) => [TSX, 'watch', '--clear-screen=false', entry];
  start('api', watch('server/main.ts'));
  start('sandbox-gateway', watch('sandbox-gateway/main.ts'));
}

void main();
