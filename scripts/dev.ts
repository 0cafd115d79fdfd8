import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { devBanner } from './dev-banner';

/**
 * `npm run dev`: the development loop. It starts by printing where to open the member app
 * (http://localhost:8080 by default), the operator console (http://localhost:8090) and the SMS
 * outbox page (dev-banner.ts).
 *  - Parcel watches the member SPA and the operator console, each in a process of its own, and
 *    writes a development build to dist/ and dist-console/ on every change (no hot reload:
 *    reload the page). Both are emptied first, so no precompressed copy of an older
 *    `npm run build` is served in its place; `npm run build` makes the production ones again.
 *  - Once both first builds are there, the API (server/main.ts, which serves the console on its
 *    own listener) and the sandbox gateway run under `tsx watch`, each restarted when a file it
 *    imports changes. Their logs are pretty on a terminal, as in any development run.
 *  - Ctrl-C, or SIGTERM/SIGINT to this process or to the npm that started it, stops all four;
 *    the ports are free when it exits. When a Parcel stops on its own, the others are stopped too.
 * `npm run dev -- --no-web` runs only the two watched servers, with dist/ and dist-console/ as
 * they are.
 *
 * Each child runs in a process group of its own, so a terminal's Ctrl-C reaches only this
 * process, which stops each child once: `tsx watch` kills its app outright on a second signal.
 */

const ROOT = path.resolve(__dirname, '..');
/** Each web app: its entry, its build's folder, and Parcel's cache of its own (one per process). */
const WEB_APPS = [
  { name: 'spa', entry: 'src/ui/index.html', dist: 'dist', cache: '.parcel-cache' },
  {
    name: 'console',
    entry: 'console/index.html',
    dist: 'dist-console',
    // Where tools keep their caches; ignored by git, ESLint and Prettier alike.
    cache: path.join('node_modules', '.cache', 'parcel-console'),
  },
];
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

/** Resolves once each web app's first build wrote its index.html; false when stopped before. */
async function firstBuilds(): Promise<boolean> {
  const indexes = WEB_APPS.map((web) => path.join(ROOT, web.dist, 'index.html'));
  while (!indexes.every((index) => existsSync(index))) {
    if (stopping) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

async function main(): Promise<void> {
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  printBanner();
  if (withWeb) {
    for (const web of WEB_APPS) {
      rmSync(path.join(ROOT, web.dist), { recursive: true, force: true });
      start(web.name, [
        PARCEL,
        'watch',
        web.entry,
        '--dist-dir',
        web.dist,
        // Two Parcel processes never share one cache.
        '--cache-dir',
        web.cache,
        '--public-url',
        '/',
        '--no-hmr',
        '--no-autoinstall',
        // The API serves no source maps.
        '--no-source-maps',
      ]);
    }
    // The API serves each app only when its index.html exists as it starts.
    if (!(await firstBuilds())) return;
  }
  const watch = (entry: string) => [TSX, 'watch', '--clear-screen=false', entry];
  start('api', watch('server/main.ts'));
  start('sandbox-gateway', watch('sandbox-gateway/main.ts'));
}

/** Where to open what: the API reads the same settings (an invalid one is its to report). */
function printBanner(): void {
  try {
    console.log(devBanner(loadConfig(process.env)));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
  }
}

void main();
