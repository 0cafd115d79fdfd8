import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * `npm start` (after the build): runs dist-server/scripts/start.js, this file compiled.
 *
 * In production it is exec-like: it loads the API's main into this very process, so the server
 * is the process that receives the signals and nothing is left to orphan (the production command
 * is `node dist-server/server/main.js`; this file is not needed for it).
 *
 * Elsewhere it runs the API and the sandbox gateway as two child processes, each on its own port,
 * compiled JavaScript when it was compiled, TypeScript through tsx when run from the sources.
 * SIGTERM/SIGINT are passed on; when either child ends on its own the other is stopped and the
 * launcher exits with the first failure's code. The children watch the IPC channel, so even a
 * SIGKILLed launcher leaves no orphan.
 */

const COMPILED = path.extname(__filename) === '.js';
/** The repository, or the directory holding dist-server/ (this file is one level deeper there). */
const ROOT = path.resolve(__dirname, '..', ...(COMPILED ? ['..'] : []));
const ENTRIES = COMPILED ? path.resolve(__dirname, '..') : ROOT;
const EXTENSION = COMPILED ? '.js' : '.ts';

if (process.env.APP_ENV === 'production') {
  // The sandbox approves any payment on a click; it never runs in production.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded in this process, once
  require(path.join(ENTRIES, 'server', `main${EXTENSION}`));
} else {
  launch();
}

function launch(): void {
  const graceMs = Number(process.env.SHUTDOWN_GRACE_MS) || 10_000;
  /** A child that has not ended this long after SIGTERM (its drain plus closing) is killed. */
  const killAfterMs = graceMs + 10_000;
  const apps = [
    { name: 'api', entry: path.join(ENTRIES, 'server', `main${EXTENSION}`) },
    { name: 'sandbox-gateway', entry: path.join(ENTRIES, 'sandbox-gateway', `main${EXTENSION}`) },
  ];

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  let exitCode = 0;

  const stopAll = (): void => {
    if (!stopping) {
      setTimeout(() => {
        for (const child of children.values()) child.kill('SIGKILL');
      }, killAfterMs).unref();
    }
    stopping = true;
    // SIGTERM whatever arrived here: from a terminal the children also receive the SIGINT
    // itself, and each app closes once however many signals reach it.
    for (const child of children.values()) child.kill('SIGTERM');
  };

  for (const app of apps) {
    const child = spawn(process.execPath, [...(COMPILED ? [] : ['--import', 'tsx']), app.entry], {
      cwd: ROOT,
      env: process.env,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    children.set(app.name, child);
    console.log(`${app.name} started (pid ${child.pid})`);
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

  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);
}
