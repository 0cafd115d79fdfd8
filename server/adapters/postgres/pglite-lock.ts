import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file inside a PGlite data directory: the owner's pid and start time, as JSON. */
export const LOCK_FILE = 'portal.lock';

/** A lock file this young that cannot be read yet is its creator's, still writing it. */
const UNREADABLE_GRACE_MS = 5_000;
const RETRY_MS = 200;

/** Another live process holds the data directory: it is never opened beside it. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The data directory ${dataDir} is in use by ${pid === undefined ? 'another process' : `pid ${pid}`} ` +
        '(a running server or an ops command): two processes never open it at once.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Removes the lock file, if it is still this process's. */
  release(): void;
}

interface Holder {
  pid: number;
  /** When the holder's process started, epoch ms (so that a reused pid is not taken for it). */
  started: number;
}

/** The PGlite directory of a DATA_DIR, or undefined for `memory://` and other PGlite schemes. */
export function dataDirPath(dataDir: string): string | undefined {
  if (/^[a-z]+:\/\//.test(dataDir) && !dataDir.startsWith('file://')) return undefined;
  return path.resolve(dataDir.replace(/^file:\/\//, ''));
}

/**
 * Takes the exclusive lock on a PGlite data directory (created, mode 0700, when missing): a lock
 * file made with O_EXCL holding this process's pid and start time. A lock whose process is gone
 * (a crash, a SIGKILL) is stale and taken over. Held by a live process, it waits up to `waitMs`,
 * telling `onWait` once whom it waits for, then throws DataDirLockedError.
 */
export async function acquireDataDirLock(
  dataDir: string,
  options: { waitMs?: number; onWait?: (pid: number | undefined) => void } = {},
): Promise<DataDirLock> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  let told = false;
  for (;;) {
    const outcome = tryLock(dataDir);
    if ('lock' in outcome) return outcome.lock;
    if (Date.now() >= deadline) throw new DataDirLockedError(dataDir, outcome.heldBy);
    if (!told) options.onWait?.(outcome.heldBy);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Who holds the directory's lock now: a live holder's pid, or null when it is free or stale. */
export function lockHolder(dataDir: string): { pid: number | undefined } | null {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = readHolder(file);
  if (holder === 'missing') return null;
  if (holder === 'unreadable') return youngFile(file) ? { pid: undefined } : null;
  return isAlive(holder) ? { pid: holder.pid } : null;
}

function tryLock(
  dataDir: string,
  takingOver = false,
): { lock: DataDirLock } | { heldBy: number | undefined } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, started: processStarted(process.pid) ?? Date.now() };
  const content = JSON.stringify(mine);
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return { lock: ownLock(dataDir, file, content) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const held = lockHolder(dataDir);
  if (held !== null) return { heldBy: held.pid };
  // Stale: removed only if it is still the stale one just read (another process taking it over
  // at the same moment has then written its own), and made again with O_EXCL, which one wins.
  const stale = safeRead(file);
  if (stale !== undefined && lockHolder(dataDir) === null && safeRead(file) === stale) {
    try {
      unlinkSync(file);
    } catch {
      // Someone else removed it first: the next attempt sees theirs.
    }
  }
  return takingOver ? { heldBy: undefined } : tryLock(dataDir, true);
}

function ownLock(dataDir: string, file: string, content: string): DataDirLock {
  let released = false;
  return {
    dataDir,
    release() {
      if (released) return;
      released = true;
      if (safeRead(file) === content) unlinkSync(file);
    },
  };
}

function safeRead(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readHolder(file: string): Holder | 'missing' | 'unreadable' {
  const text = safeRead(file);
  if (text === undefined) return 'missing';
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(parsed.pid) && typeof parsed.started === 'number') {
      return parsed as Holder;
    }
  } catch {
    // Half written, or not ours: judged by its age below.
  }
  return 'unreadable';
}

function youngFile(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < UNREADABLE_GRACE_MS;
  } catch {
    return false;
  }
}

/** Whether the holder's process still runs: its pid answers, and started when it said. */
function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStarted(holder.pid);
  // Where the start time cannot be read (no /proc), a live pid is taken to be the holder.
  return started === undefined || Math.abs(started - holder.started) < 2_000;
}

/** A process's start time (epoch ms) from Linux's /proc, or undefined where there is none. */
function processStarted(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime, clock ticks since boot), counted after the command's closing paren.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootLine = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!Number.isFinite(ticks) || bootLine === null) return undefined;
    // USER_HZ is 100 on every Linux this runs on.
    return Number(bootLine[1]) * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}
