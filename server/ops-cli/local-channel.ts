import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { registerSocketAside } from '../backup/socket-aside';
import { type ServerContainer } from '../container';
import { type CliOutcome, runOpsCommand } from './ops-cli';

/**
 * The local channel: while a server holds a PGlite data directory, the operator command line
 * asks it to run a command instead of opening the directory beside it. A Unix socket inside the
 * data directory (mode 0600, in the directory made 0700), so only the directory's owner on this
 * machine can use it. One JSON line asks `{"argv": [...]}`, one JSON line answers what the
 * command printed and its exit status, exactly as `npm run ops` would print it.
 */
export const CHANNEL_FILE = 'ops.sock';

/** Longest request taken: a command line, nothing more. */
const MAX_REQUEST_CHARS = 16_384;
const MAX_ARGS = 32;
/** Commands run one at a time; past this many waiting, a request is turned away. */
const MAX_WAITING = 4;
/** A connection that says nothing, or whose command runs longer than this, is closed. */
const IDLE_MS = 10 * 60_000;

export const channelPath = (dataDir: string): string => path.join(dataDir, CHANNEL_FILE);

/**
 * The address to bind or connect to: the socket's path, relative to the working directory when
 * the absolute one is longer than a Unix socket's address may be (108 bytes on Linux).
 */
const socketAddress = (file: string): string =>
  Buffer.byteLength(file) < 100 ? file : path.relative(process.cwd(), file);

export interface LocalChannel {
  readonly file: string;
  /** Stops listening, lets a command in progress answer, and removes the socket. */
  close(): Promise<void>;
}

type Log = (error: unknown, message: string) => void;

/** Listens on DATA_DIR/ops.sock for the server holding the directory's lock. */
export async function openLocalChannel(
  container: ServerContainer,
  dataDir: string,
  logError: Log,
): Promise<LocalChannel> {
  chmodSync(dataDir, 0o700);
  const file = channelPath(dataDir);
  // One left by a server that was killed: this process holds the directory's lock now.
  rmSync(file, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const run = (argv: string[]): Promise<CliOutcome> => {
    if (waiting >= MAX_WAITING) {
      return Promise.resolve({ code: 1, out: ['The server is busy with other commands: retry.'] });
    }
    waiting += 1;
    const done = queue.then(() => runOpsCommand(container, argv));
    queue = done.catch(() => undefined).finally(() => (waiting -= 1));
    return done.catch((error: unknown) => {
      logError(error, 'ops command over the local channel failed');
      return { code: 1, out: ['The command failed: the server log says why.'] };
    });
  };
  // Connections that have not asked anything yet: closing the channel ends them at once.
  const idle = new Set<Socket>();
  const listen = async (): Promise<Server> => {
    const listening = createServer((socket) => {
      idle.add(socket);
      socket.once('close', () => idle.delete(socket));
      serve(socket, (argv) => {
        idle.delete(socket);
        return run(argv);
      });
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(socketAddress(file), () => resolve());
    });
    chmodSync(file, 0o600);
    return listening;
  };
  let server = await listen();
  let closed = false;
  // A backup's copy of the directory cannot read a socket: the channel steps out of it meanwhile
  // (a command line arriving then waits for the lock, and retries).
  const unregister = registerSocketAside(path.resolve(dataDir), async (fn) => {
    // Stops accepting (the asking connection stays open for its answer) and removes the file.
    server.close();
    rmSync(file, { force: true });
    try {
      return await fn();
    } finally {
      if (!closed) server = await listen();
    }
  });
  return {
    file,
    close: () => {
      closed = true;
      unregister();
      const done = closeChannel(server, file);
      for (const socket of idle) socket.destroy();
      return done;
    },
  };
}

function serve(socket: Socket, run: (argv: string[]) => Promise<CliOutcome>): void {
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('error', () => undefined);
  let request = '';
  const onData = (chunk: string): void => {
    request += chunk;
    const end = request.indexOf('\n');
    if (end < 0 && request.length <= MAX_REQUEST_CHARS) return;
    socket.off('data', onData);
    const argv = end < 0 ? null : argvOf(request.slice(0, end));
    const answer =
      argv === null ? Promise.resolve({ code: 2, out: ['Not a command request.'] }) : run(argv);
    void answer.then((outcome) => socket.end(`${JSON.stringify(outcome)}\n`));
  };
  socket.on('data', onData);
}

function argvOf(line: string): string[] | null {
  try {
    const { argv } = JSON.parse(line) as { argv?: unknown };
    const valid =
      Array.isArray(argv) &&
      argv.length <= MAX_ARGS &&
      argv.every((one) => typeof one === 'string' && one.length <= 4096);
    return valid ? (argv as string[]) : null;
  } catch {
    return null;
  }
}

function closeChannel(server: Server, file: string): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      rmSync(file, { force: true });
      resolve();
    });
  });
}

/**
 * Asks the server listening on the directory's socket to run a command: its outcome, or
 * 'absent' when no server listens there. `onConnected` is told once the server took the call.
 */
export function askRunningServer(
  dataDir: string,
  argv: readonly string[],
  onConnected: () => void,
): Promise<CliOutcome | 'absent'> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketAddress(channelPath(dataDir)));
    let answer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      onConnected();
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? '')) {
        resolve('absent');
      } else if (error.code === 'EACCES') {
        const file = channelPath(dataDir);
        reject(new Error(`${file} is not yours: run the command as the user the server runs as.`));
      } else reject(error);
    });
    socket.once('close', () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(answer) as CliOutcome);
      } catch {
        reject(new Error('the running server closed the local channel without an answer'));
      }
    });
  });
}
