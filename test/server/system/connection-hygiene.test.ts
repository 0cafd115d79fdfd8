import http from 'node:http';
import net from 'node:net';
import { ConfigError, type ConnectionLimits, loadConfig } from '../../../server/config';
import { ApiPaths } from '../../../src/contract/api';
import { eachDatabase } from '../../../scripts/support/databases';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../support/in-memory-server';
import { startTestApp, type TestApp } from '../support/test-app';

/** Short limits so the tests see slow clients dropped within seconds. */
const SHORT: ConnectionLimits = {
  requestTimeoutMs: 1000,
  headersTimeoutMs: 1000,
  keepAliveTimeoutMs: 1000,
  connectionTimeoutMs: 10_000,
  maxConnections: 4,
};
/** Headroom for a loaded machine: Node checks the timeouts every 250 ms here. */
const DROP_DEADLINE_MS = 4000;

interface SlowSocket {
  socket: net.Socket;
  /** Resolves when the server closes the connection: ms since connecting, and what it said. */
  closed: Promise<{ afterMs: number; received: string }>;
}

/** A client that sends the request line and headers (and maybe part of a body), then stalls. */
function slowClient(port: number, firstBytes: string): Promise<SlowSocket> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    const closed = new Promise<{ afterMs: number; received: string }>((done) => {
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      socket.on('close', () => done({ afterMs: Date.now() - started, received }));
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(firstBytes);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

const HALF_BODY =
  'POST /api/service/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  'Content-Length: 200\r\n\r\n{"ic_or_passport":"9001';
const HALF_HEADERS = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

/** One request on its own connection (no keep-alive pool holding a slot). */
function freshGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

function portOf(t: TestApp): number {
  return Number(new URL(t.baseUrl).port);
}

describe('connection limits: configuration', () => {
  it('drops an unfinished request within 30 s by default, and refuses longer settings', () => {
    const defaults = loadConfig({}).connections;
    expect(defaults.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(defaults.headersTimeoutMs).toBeLessThanOrEqual(defaults.requestTimeoutMs);
    expect(defaults.keepAliveTimeoutMs).toBeGreaterThan(0);
    expect(defaults.connectionTimeoutMs).toBeGreaterThan(0);
    expect(defaults.maxConnections).toBeGreaterThan(0);

    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '5000',
        HEADERS_TIMEOUT_MS: '2000',
        KEEP_ALIVE_TIMEOUT_MS: '3000',
        CONNECTION_TIMEOUT_MS: '9000',
        MAX_CONNECTIONS: '50',
      }).connections,
    ).toEqual({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
      keepAliveTimeoutMs: 3000,
      connectionTimeoutMs: 9000,
      maxConnections: 50,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '60000' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '3000' })).toThrow(
      'HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS',
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(ConfigError);
  });
});

describe.each(eachDatabase())('slow clients on %s (real HTTP)', (database) => {
  let t: TestApp;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp({ database, config: { connections: SHORT } });
  }, 60_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(() => t?.close(), 30_000);

  const open = async (firstBytes: string) => {
    const slow = await slowClient(portOf(t), firstBytes);
    sockets.push(slow.socket);
    return slow;
  };

  it('applies the configured limits to the listening server', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(SHORT.requestTimeoutMs);
    expect(server.headersTimeout).toBe(SHORT.headersTimeoutMs);
    expect(server.keepAliveTimeout).toBe(SHORT.keepAliveTimeoutMs);
    expect(server.timeout).toBe(SHORT.connectionTimeoutMs);
    expect(server.maxConnections).toBe(SHORT.maxConnections);
  });

  it('drops a request whose body never finishes within the request timeout', async () => {
    const slow = await open(HALF_BODY);
    const { afterMs, received } = await slow.closed;
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 100);
    expect(afterMs).toBeLessThan(DROP_DEADLINE_MS);
    // Node answers 408 before closing; nothing reached the login handler.
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);

  it('drops a client whose headers never finish within the headers timeout', async () => {
    const slow = await open(HALF_HEADERS);
    const { afterMs } = await slow.closed;
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.headersTimeoutMs - 100);
    expect(afterMs).toBeLessThan(DROP_DEADLINE_MS);
  }, 15_000);

  it('closes connections beyond the cap, and serves members again once slow ones are dropped', async () => {
    // Fill every slot with a stalled upload.
    const stalled = [];
    for (let i = 0; i < SHORT.maxConnections; i += 1) stalled.push(await open(HALF_BODY));
    await new Promise((resolve) => setTimeout(resolve, 100));

    // One more connection is closed on arrival, without an answer.
    const excess = await open('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const refused = await excess.closed;
    expect(refused.received).toBe('');
    expect(refused.afterMs).toBeLessThan(SHORT.requestTimeoutMs);

    // The stalled uploads are dropped by the request timeout, which frees the slots.
    const drops = await Promise.all(stalled.map((slow) => slow.closed));
    for (const drop of drops) expect(drop.afterMs).toBeLessThan(DROP_DEADLINE_MS);
    const health = await freshGet(portOf(t), '/api/health');
    expect(health.status).toBe(200);
  }, 20_000);
});

describe('Cache-Control: no-store on every API answer (in-memory, app.inject)', () => {
  let t: InjectedApp;
  let token: string;
  beforeAll(async () => {
    t = await injectedApp({ config: { rateLimitPerMinute: 20 } });
  }, 30_000);
  afterAll(() => t.close());

  it('on successes: login with its token, profile, session check, payment, health', async () => {
    const member = await seedMember(t);
    const login = await t.post(ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    token = (await logIn(t, member)).token;
    const answers = [
      await t.get(ApiPaths.profile, { token }),
      await t.post(ApiPaths.sessionCheck, {}, { token }),
      await t.post(ApiPaths.createPayment, { amount: '60.00', payment_method: 'qr' }, { token }),
      await t.get('/health'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('on errors: 400, 401, 404, 413, 415 and 429', async () => {
    const answers = [
      await t.post(ApiPaths.login, { ic_or_passport: 'A1234567' }),
      await t.get(ApiPaths.profile),
      await t.get('/no/such/route'),
      await t.post(ApiPaths.login, { ic_or_passport: 'A1', password: 'x'.repeat(20_000) }),
      await t.post(ApiPaths.login, 'x', { headers: { 'content-type': 'application/xml' } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 401, 404, 413, 415]);
    let limited = await t.get('/health');
    for (let i = 0; i < 30 && limited.status !== 429; i += 1) limited = await t.get('/health');
    answers.push(limited);
    expect(limited.status).toBe(429);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
