import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { type Config } from '../config';
import { trustedProxies, unmappedAddress } from '../settings/trust-proxy';

/** An answer a slow client cannot hold open: the starting listener has nothing worth waiting for. */
const REQUEST_TIMEOUT_MS = 5000;
const MAX_CONNECTIONS = 100;
/** Seconds a client is told to wait before asking again while the database opens. */
const RETRY_AFTER_S = 2;

/** Where the real listeners will be: the ports the starting ones took (PORT=0 resolved). */
export interface StartingProbes {
  port: number;
  opsPort: number | undefined;
  /** Stops answering, just before the real listeners take the same ports. */
  close(): Promise<void>;
}

/**
 * While the server opens its database and migrates it (seconds; as long as another instance's
 * migrations take), its ports already answer the probes: `/api/health/live` 200, and
 * `/api/health/ready` and every other path 503 with Retry-After, so a load balancer or a health
 * check sees an instance not ready rather than a refused connection. Nothing here touches the
 * database; the console's port keeps to OPS_ALLOWED_IPS as the console does.
 */
export async function answerWhileStarting(config: Config): Promise<StartingProbes> {
  const member = await listen(starting(config, undefined), config.host, config.port);
  let ops: Server | undefined;
  try {
    if (config.ops.port !== undefined) {
      ops = await listen(starting(config, config.ops.allowedIps), config.ops.host, config.ops.port);
    }
  } catch (error) {
    await closed(member);
    throw error;
  }
  return {
    port: (member.address() as AddressInfo).port,
    opsPort: ops === undefined ? undefined : (ops.address() as AddressInfo).port,
    async close() {
      await Promise.all([closed(member), ops ? closed(ops) : undefined]);
    },
  };
}

function starting(config: Config, allowed: Config['ops']['allowedIps']): Server {
  const trust = trustedProxies(config.trustProxy);
  const server = createServer((request, response) => {
    const { client, seen, trusted } = hopsOf(request, trust);
    const family = isIP(client) === 6 ? 'ipv6' : 'ipv4';
    if (allowed !== undefined && !allowed.check(client, family)) {
      return send(response, 404, { status: 0, message: 'Not found.', code: 'NOT_FOUND' });
    }
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/api/health/live') {
      const data = { proxies_seen: seen, proxies_trusted: trusted };
      return send(response, 200, { status: 1, message: 'OK', data });
    }
    response.setHeader('Retry-After', String(RETRY_AFTER_S));
    const body = { status: 0, message: 'Starting', code: 'SERVICE_UNAVAILABLE' };
    return send(
      response,
      503,
      path === '/api/health/ready' ? { ...body, data: { state: 'starting' } } : body,
    );
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  server.maxConnections = MAX_CONNECTIONS;
  return server;
}

/**
 * The client and the forwarded hops as Fastify settles them (proxy-addr): from the peer leftwards
 * through X-Forwarded-For, every trusted address a hop, the first untrusted one the client.
 */
function hopsOf(
  request: IncomingMessage,
  trust: ReturnType<typeof trustedProxies>,
): { client: string; seen: number; trusted: number } {
  const header = request.headers['x-forwarded-for'];
  const line = Array.isArray(header) ? header.join(',') : (header ?? '');
  const forwarded = line
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const addresses = [unmappedAddress(request.socket.remoteAddress ?? ''), ...forwarded.reverse()];
  let trusted = 0;
  while (trust && trusted < addresses.length - 1 && trust(addresses[trusted] ?? '', trusted)) {
    trusted += 1;
  }
  return { client: addresses[trusted] ?? '', seen: forwarded.length, trusted };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  response.end(JSON.stringify(body));
}

function listen(server: Server, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function closed(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
