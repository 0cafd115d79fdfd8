import { isIP } from 'node:net';
import { type EnvReader } from './env-reader';
import { parseAllowedIps } from './ops';

/**
 * Whose X-Forwarded-For is believed (TRUST_PROXY): nobody's (false, the default); the nearest
 * `n` hops (a number: the TCP peer and the n - 1 addresses it and the proxies before it appended);
 * or the proxies at these addresses and CIDR blocks (a comma-separated list). The client is the
 * right-most address that is not a trusted proxy (see trustedProxies).
 */
export type TrustProxySetting = false | number | string;

/** The most hops TRUST_PROXY may count: more proxies than this in front of one server is a typo. */
const MAX_HOPS = 10;

const WHAT_TO_SET =
  'set the number of proxies in front of the server (TRUST_PROXY=1 behind one Caddy, nginx or ' +
  'load balancer) or their addresses (e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8)';

/**
 * Reads TRUST_PROXY. `true` is refused: it believed every address a client put in the header,
 * so any client could choose its own address (OPS_ALLOWED_IPS, every per-address limit).
 */
export function loadTrustProxy(read: EnvReader): TrustProxySetting {
  const text = read.text('TRUST_PROXY', 'false').toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    read.problems.push(
      `TRUST_PROXY: "true" would believe any client's X-Forwarded-For; ${WHAT_TO_SET}`,
    );
    return false;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) {
      read.problems.push(`TRUST_PROXY: at most ${MAX_HOPS} hops (got "${text}"); ${WHAT_TO_SET}`);
      return false;
    }
    return hops;
  }
  const before = read.problems.length;
  parseAllowedIps(text, read.problems, 'TRUST_PROXY');
  return read.problems.length === before ? text : false;
}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1, a dual-stack listener's) as its IPv4 address. */
export function unmappedAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * Fastify's `trustProxy` for a setting: false, or whether the address at `hop` (0 = the TCP
 * peer, 1 = the right-most X-Forwarded-For entry, ...) is a trusted proxy. The first address
 * that is not trusted is the client's (@fastify/proxy-addr walks from the peer leftwards).
 * Fastify's own number option is not used: it trusts no hop at all.
 */
export function trustedProxies(
  setting: TrustProxySetting,
): false | ((address: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const blocks = parseAllowedIps(setting, [], 'TRUST_PROXY');
  return (address) => {
    const plain = unmappedAddress(address);
    const family = isIP(plain);
    return family !== 0 && blocks.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
