import { type ChildProcess } from 'node:child_process';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { type ServerProcess, startServerProcess } from '../support/server-process';

jest.setTimeout(120_000);

const SEND_CODE = '/api/service/send_sms_code';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

/** At LOG_LEVEL=info: the drain's progress is logged at info. */
async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const server = await startServerProcess({ LOG_LEVEL: 'info', ...env });
  started.push(server.child);
  return server;
}

async function until(done: () => boolean, ms: number, output: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A POST whose body arrives in two parts: the server has the request in hand (headers read, a
 * route chosen) but cannot answer before the rest comes. Answers the status, body and Connection
 * header.
 */
function slowPost(port: number, body: string) {
  const bytes = Buffer.from(body);
  const cut = Math.floor(bytes.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: SEND_CODE,
    headers: { 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answered = new Promise<{ status: number; body: string; connection?: string }>(
    (resolve, reject) => {
      req.once('response', (res: IncomingMessage) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
        );
        res.once('error', reject);
      });
      req.once('error', reject);
    },
  );
  req.write(bytes.subarray(0, cut));
  return { answered, finish: () => req.end(bytes.subarray(cut)) };
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('server/main.ts shutdown', () => {
  it('on SIGTERM, sent twice, refuses new connections, lets the in-flight request finish with 200 and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_MS: '30000' });
    const inFlight = slowPost(
      server.port,
      JSON.stringify({ phone_no: '60123456789', purpose: 'registration' }),
    );
    // The server has read the headers and waits for the rest of the body.
    await until(() => server.output().includes('incoming request'), 10_000, server.output);

    server.child.kill('SIGTERM');
    await until(() => server.output().includes('SIGTERM received: closing'), 10_000, server.output);
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('already closing'), 10_000, server.output);

    // The listener is closed: a new member is refused at once instead of being queued.
    const deadline = Date.now() + 5000;
    while (!(await refused(server.port))) {
      if (Date.now() > deadline) throw new Error('new connections still accepted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 1, message: 'OTP sent' });
    // Its keep-alive connection is closed with it, not left idle to hold the drain up.
    expect(answer.connection).toBe('close');
    expect(await server.exited).toBe(0);
  });

  it('cuts a request still unfinished when SHUTDOWN_GRACE_MS is over and exits 1', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_MS: '1000' });
    const inFlight = slowPost(
      server.port,
      JSON.stringify({ phone_no: '60123456788', purpose: 'registration' }),
    );
    const cutOff = inFlight.answered.then(
      () => 'answered',
      () => 'cut',
    );
    await until(() => server.output().includes('incoming request'), 10_000, server.output);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    // Bounded by the grace period (and the database's close), not by the request's own timeout.
    expect(Date.now() - signalled).toBeLessThan(8000);
    expect(await cutOff).toBe('cut');
    expect(server.output()).toContain('grace period of 1000 ms over');
  });
});
