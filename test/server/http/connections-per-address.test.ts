import http from 'node:http';
import net from 'node:net';
import { loadConfig } from '../../../server/config';
import { clientKey } from '../../../server/http/connections-per-address';
import { startInstance, type TestApp } from '../support/test-app';

/**
 * The cap on open connections per client address, over real sockets. Linux routes all of
 * 127.0.0.0/8 to the loopback interface, so a client socket bound to 127.0.0.2 reaches the server
 * on 127.0.0.1 as a second client address. Every wait is on an event (a connection arriving at
 * the server, a socket closing, an answer), never on a duration.
 */

const CAP = 3;
const GREEDY = '127.0.0.2';
const OTHER = '127.0.0.1';
/** A request whose body never completes: the connection stays open until the request timeout. */
const HALF_BODY =
  'POST /api/service/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  'Content-Length: 200\r\n\r\n{"ic_or_passport":"9001';

/** The server's side of each connection, in order of arrival, after the cap has judged it. */
function arrivals(server: http.Server): () => Promise<net.Socket> {
  const arrived: net.Socket[] = [];
  const waiting: ((socket: net.Socket) => void)[] = [];
  // Registered after the app's own listener, so the cap has already counted or closed it.
  server.on('connection', (socket: net.Socket) => {
    const waiter = waiting.shift();
    if (waiter) waiter(socket);
    else arrived.push(socket);
  });
  return () => {
    const first = arrived.shift();
    return first ? Promise.resolve(first) : new Promise((resolve) => waiting.push(resolve));
  };
}

interface Client {
  socket: net.Socket;
  /** Resolves when the connection is closed, with every byte the server sent. */
  closed: Promise<string>;
}

function connectFrom(localAddress: string, port: number, firstBytes: string): Client {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  // A connection closed on arrival may be reset while the client writes: expected here.
  socket.on('error', () => undefined);
  socket.once('connect', () => socket.write(firstBytes));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, closed };
}

/** GET /api/health on a connection of its own from `localAddress`: its status. */
function healthFrom(localAddress: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/health',
          localAddress,
          agent: false,
          headers: { connection: 'close' },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      )
      .on('error', reject);
  });
}

const portOf = (t: TestApp) => Number(new URL(t.baseUrl).port);

describe('connections per client address: configuration', () => {
  it('caps at 100 by default, well below MAX_CONNECTIONS; 0 turns the cap off', () => {
    const defaults = loadConfig({});
    expect(defaults.maxConnectionsPerAddress).toBe(100);
    expect(defaults.maxConnectionsPerAddress).toBeLessThan(defaults.connections.maxConnections / 2);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      'MAX_CONNECTIONS_PER_ADDRESS',
    );
  });

  it('counts IPv4 addresses one by one, IPv4-mapped ones as IPv4, IPv6 ones by their /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%lo')).toBe('fe80:0:0:0::/64');
    expect(clientKey(undefined)).toBeUndefined();
  });
});

describe(`connections per client address: a cap of ${CAP} (real HTTP, PGlite)`, () => {
  let t: TestApp;
  let nextArrival: () => Promise<net.Socket>;
  const clients: net.Socket[] = [];
  beforeAll(async () => {
    t = await startInstance({ config: { maxConnectionsPerAddress: CAP } });
    nextArrival = arrivals(t.app.server);
  }, 60_000);
  afterEach(() => {
    for (const socket of clients.splice(0)) socket.destroy();
  });
  afterAll(() => t?.close(), 30_000);

  it('closes the extra connections of an address at its cap, and serves other addresses meanwhile', async () => {
    const port = portOf(t);
    // One address holds its cap with uploads that never finish.
    const held: { client: Client; server: net.Socket }[] = [];
    for (let i = 0; i < CAP; i += 1) {
      const client = connectFrom(GREEDY, port, HALF_BODY);
      clients.push(client.socket);
      const server = await nextArrival();
      expect(server.remoteAddress).toBe(GREEDY);
      expect(server.destroyed).toBe(false);
      held.push({ client, server });
    }

    // Its next connection is closed on arrival, before any answer.
    const extra = connectFrom(GREEDY, port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    clients.push(extra.socket);
    const refused = await nextArrival();
    expect(refused.remoteAddress).toBe(GREEDY);
    expect(refused.destroyed).toBe(true);
    expect(await extra.closed).toBe('');

    // Another address is answered while the first is capped, more than CAP times over.
    for (let i = 0; i < CAP + 1; i += 1) {
      const status = healthFrom(OTHER, port);
      const arrived = await nextArrival();
      expect(arrived.remoteAddress).toBe(OTHER);
      expect(arrived.destroyed).toBe(false);
      expect(await status).toBe(200);
    }
    // The held uploads are still open, unanswered.
    for (const { server } of held) expect(server.destroyed).toBe(false);

    // Once one of its connections closes, the capped address is served again.
    const freed = held[0];
    const serverClosed = new Promise((resolve) => freed.server.once('close', resolve));
    freed.client.socket.destroy();
    await serverClosed;
    const again = healthFrom(GREEDY, port);
    const arrived = await nextArrival();
    expect(arrived.destroyed).toBe(false);
    expect(await again).toBe(200);
  });
});

describe('connections per client address behind a trusted proxy (real HTTP, PGlite)', () => {
  let t: TestApp;
  const clients: net.Socket[] = [];
  beforeAll(async () => {
    t = await startInstance({ config: { maxConnectionsPerAddress: 1, trustProxy: 1 } });
  }, 60_000);
  afterAll(async () => {
    for (const socket of clients.splice(0)) socket.destroy();
    await t?.close();
  }, 30_000);

  it('does not cap: every connection comes from the proxy, whose address is not the client', async () => {
    const port = portOf(t);
    const nextArrival = arrivals(t.app.server);
    const held = connectFrom(GREEDY, port, HALF_BODY);
    clients.push(held.socket);
    expect((await nextArrival()).destroyed).toBe(false);
    const status = healthFrom(GREEDY, port);
    expect((await nextArrival()).destroyed).toBe(false);
    expect(await status).toBe(200);
  });
});
