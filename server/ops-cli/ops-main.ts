/* eslint-disable no-console -- the command line's output is what it prints */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { DataDirLockedError, dataDirPath, lockHolder } from '../adapters/postgres/pglite-lock';
import { loadConfig } from '../config';
import { createContainer, type ServerContainer } from '../container';
import { doctor } from './doctor';
import { askRunningServer, channelPath } from './local-channel';
import { restoreCommand } from './restore-command';
import { type CliOutcome, OPS_USAGE, runOpsCommand } from './ops-cli';

/** The argument that makes the entry the child which opens the database itself. */
const DIRECT = '--run-here';
/** The child's exit status when another process took the directory's lock first. */
const LOCKED = 75;
/** After SIGTERM, a child still running this long later is killed. */
const KILL_AFTER_MS = 5_000;
const POLL_MS = 250;
/** The commands runOpsCommand knows; anything else is answered with the usage at once. */
const COMMANDS = [
  'create-operator',
  'reset-second-factor',
  'verify-audit',
  'checkpoint',
  'backup',
  'rotate-audit-key',
];

const say = (line: string): void => console.error(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run ops` / `node dist-server/scripts/ops.js` (`entry`: that file). This process never
 * opens the database: it stays free to keep the time limit (OPS_CLI_TIMEOUT_S) and to answer
 * SIGINT/SIGTERM whatever the command does. On a PGlite directory a running server is asked over
 * its local channel; without one, a child process opens the directory under its lock, waiting
 * (and saying so) while another process holds it. On PostgreSQL the child runs it directly.
 */
export async function opsMain(entry: string, argv: readonly string[]): Promise<number> {
  if (argv[0] === DIRECT) return runHere(argv.slice(1));
  // Asks the services itself and never takes the data directory's lock from a server.
  if (argv[0] === 'doctor' && argv.length === 1) return doctor();
  // Never over the live database: they write into a target, or a scratch database of their own.
  if (argv[0] === 'restore' || argv[0] === 'restore-drill') {
    return printed((await restoreCommand(argv)) ?? { code: 2, out: [OPS_USAGE] });
  }
  if (argv.length === 0 || argv[0] === '--help' || !COMMANDS.includes(argv[0] ?? '')) {
    // Answered here, without opening the database or asking the server.
    (argv.length === 0 || argv[0] === '--help' ? console.log : console.error)(OPS_USAGE);
    return argv[0] === '--help' ? 0 : 2;
  }
  const config = loadConfig();
  const request = withAbsolutePaths(argv);
  const task = new Supervised(entry, config.ops.cliTimeoutS);
  const dataDir = config.databaseUrl ? undefined : dataDirPath(config.dataDir);
  if (dataDir === undefined) {
    task.waitingFor('running the command against the database', { quietly: true });
    return task.runChild(request);
  }
  for (;;) {
    const answer = await askRunningServer(dataDir, request, () =>
      task.waitingFor(`asking the running server over ${channelPath(dataDir)}`),
    );
    if (answer !== 'absent') return printed(answer);
    const holder = lockHolder(dataDir);
    if (holder === null) {
      task.waitingFor(`opening the database in ${dataDir}`);
      const code = await task.runChild(request);
      if (code !== LOCKED) return code;
    } else {
      const who = holder.pid === undefined ? 'another process' : `pid ${holder.pid}`;
      task.waitingFor(
        `waiting for the database lock held by ${who} (a server starting, or another ops command)`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** The time limit and the signals, kept by the parent for whatever it waits for. */
class Supervised {
  private child: ChildProcess | undefined;
  private what = 'starting';

  constructor(
    private readonly entry: string,
    limitS: number,
  ) {
    setTimeout(() => {
      say(`Gave up after ${limitS} s (OPS_CLI_TIMEOUT_S), still ${this.what}.`);
      this.stop(1);
    }, limitS * 1000).unref();
    process.once('SIGINT', () => this.interrupted('SIGINT', 130));
    process.once('SIGTERM', () => this.interrupted('SIGTERM', 143));
  }

  /** Says what it waits for now, once per change. */
  waitingFor(what: string, { quietly = false } = {}): void {
    if (what !== this.what && !quietly) say(`${what[0]?.toUpperCase()}${what.slice(1)} ...`);
    this.what = what;
  }

  runChild(argv: readonly string[]): Promise<number> {
    const child = fork(this.entry, [DIRECT, ...argv], { stdio: 'inherit' });
    this.child = child;
    return new Promise((resolve) => {
      child.once('exit', (code) => {
        this.child = undefined;
        resolve(code ?? 1);
      });
    });
  }

  private interrupted(signal: string, code: number): void {
    say(`${signal} received: stopping${this.child ? ' (closing the database first)' : ''}.`);
    this.stop(code);
  }

  /** Ends the child (SIGTERM: it closes the database; SIGKILL when that takes too long), exits. */
  private stop(code: number): void {
    const child = this.child;
    if (child === undefined) process.exit(code);
    child.once('exit', () => process.exit(code));
    child.kill('SIGTERM');
    setTimeout(() => {
      say('The command did not stop in time: killed.');
      child.kill('SIGKILL');
    }, KILL_AFTER_MS).unref();
  }
}

/** The child: opens the database itself (under the directory's lock), runs, prints, closes. */
async function runHere(argv: readonly string[]): Promise<number> {
  // Its parent gone (even SIGKILLed), it stops rather than run on unsupervised.
  process.on('disconnect', () => process.exit(1));
  let container: ServerContainer | undefined;
  let closing = false;
  const close = (code: number) => () => {
    if (closing) return;
    closing = true;
    void (container?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  };
  process.on('SIGTERM', close(143));
  process.on('SIGINT', close(130));
  try {
    container = await createContainer(loadConfig());
  } catch (error) {
    if (error instanceof DataDirLockedError) return LOCKED;
    throw error;
  }
  try {
    return printed(await runOpsCommand(container, argv));
  } finally {
    await container.close();
  }
}

function printed(outcome: CliOutcome): number {
  for (const line of outcome.out) (outcome.code === 0 ? console.log : console.error)(line);
  return outcome.code;
}

/** File arguments resolved here: the server may run in another directory. */
function withAbsolutePaths(argv: readonly string[]): string[] {
  return argv.map((arg, i) =>
    ['--witness', '--to', '--key'].includes(argv[i - 1] ?? '') ? path.resolve(arg) : arg,
  );
}
