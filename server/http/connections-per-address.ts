import { isIPv6, type Socket } from 'node:net';
import { type FastifyInstance } from 'fastify';
import { type TrustProxySetting } from '../settings/trust-proxy';

/**
 * One client cannot take an instance: open connections are counted per client address, and a
 * new connection from an address already holding `limit` of them is closed on arrival (as Node
 * closes connections beyond the server's own `maxConnections`), so that one address's stalled
 * uploads or idle sockets leave room under MAX_CONNECTIONS for everyone else.
 *
 * The address is the TCP peer's (`socket.remoteAddress`): a connection is accepted or closed
 * before any request on it is read, so X-Forwarded-For cannot be consulted, and one connection
 * may carry several clients' requests through a proxy. Behind a trusted reverse proxy
 * (`trustProxy`) every connection comes from the proxy, whose address must not be capped: the cap
 * is then off, and the proxy is the place to limit connections per client.
 *
 * IPv4 addresses count one by one (an IPv4-mapped IPv6 address as its IPv4 address); IPv6
 * addresses by their /64 prefix, the block one subscriber is usually given.
 */
export function registerConnectionsPerAddress(
  app: FastifyInstance,
  settings: { maxConnectionsPerAddress: number; trustProxy: TrustProxySetting },
): void {
  const limit = settings.maxConnectionsPerAddress;
  if (limit <= 0 || settings.trustProxy !== false) return;
  const open = new Map<string, number>();
  // Addresses at their cap: each is logged once when it gets there, not for every refusal.
  const capped = new Set<string>();
  const release = (key: string) => {
    const count = (open.get(key) ?? 1) - 1;
    if (count <= 0) open.delete(key);
    else open.set(key, count);
    if (count < limit) capped.delete(key);
  };
  app.server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    if (key === undefined) return;
    const count = open.get(key) ?? 0;
    if (count >= limit) {
      if (!capped.has(key)) {
        capped.add(key);
        app.log.warn({ client: key, limit }, 'connections per address: cap reached');
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => release(key));
  });
}

/** The counting key of a peer address: IPv4 as is, IPv6 by its first four groups (/64). */
export function clientKey(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const unzoned = address.split('%')[0];
  if (!isIPv6(unzoned)) return address;
  const [head, tail = ''] = unzoned.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = unzoned.includes('::')
    ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
