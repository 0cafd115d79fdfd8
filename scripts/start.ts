import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * `npm start`: the API (server/main.ts) and, outside production, the sandbox gateway
 * (sandbox-gateway/main.ts) as two child processes, each on its own port. SIGTERM/SIGINT are
 * passed on; when either child ends on its own the other is stopped, and the launcher exits
 * with the first failure's code.
 */

const ROOT = path.resolve(__dirname, '..');
/** A child that ignores SIGTERM this long is killed. */
const KILL_AFTER_MS = 15_000;

interface App {
  name: string;
  entry: string;
}

const apps: App[] = [{ name: 'api', entry: 'server/main.ts' }];
// The sandbox approves any payment on a click; it refuses to start in production anyway.
if (process.env.APP_ENV !== 'production') {
  apps.push({ name: 'sandbox-gateway', entry: 'sandbox-gateway/main.ts' });
}

const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

function start(app: App): void {
  // `node --import tsx` runs TypeScript in the child itself: no extra process between us and it.
  const child = spawn(process.execPath, ['--import', 'tsx', app.entry], {
    cwd: ROOT,
    env: process.env,
    stdio: 'inherit',
  });
  children.set(app.name, child);
  child.once('exit', (code, signal) => {
    children.delete(app.name);
    const failed = code !== 0 && !(stopping && signal !== null);
    if (failed && exitCode === 0) exitCode = code ?? 1;
    if (!stopping) {
      console.error(`${app.name} exited (${signal ?? `code ${code}`}): stopping the others`);
      stopAll();
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

function stopAll(): void {
  stopping = true;
  for (const child of children.values()) {
    // SIGTERM whatever arrived here: from a terminal the children also receive the SIGINT
    // itself, and each app closes once however many signals reach it.
    child.kill('SIGTERM');
  }
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, KILL_AFTER_MS).unref();
}

process.on('SIGTERM', stopAll);
process.on('SIGINT', stopAll);

for (const app of apps) start(app);
