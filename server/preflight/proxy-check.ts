import { fail, ok, type PreflightCheck, reasonOf, warn, within } from './check';

const ANSWER_MS = 5000;
/** An address from TEST-NET-2 (RFC 5737): no real client has it. */
const WRITTEN_BY_CLIENT = '198.51.100.7';

interface Hops {
  seen: number;
  trusted: number;
}

/**
 * TRUST_PROXY against a request through the proxy: the doctor asks PUBLIC_URL's liveness probe,
 * which says how many X-Forwarded-For addresses arrived and how many hops the server believed,
 * once plainly and once with an address of its own in the header. Every proxy the request
 * passed must be believed, and nothing the client wrote.
 */
export const trustProxyCheck: PreflightCheck = {
  name: 'trust-proxy',
  fatal: false,
  run: async ({ config, fetchFn }) => {
    const url = `${config.publicUrl}/api/health/live`;
    const setting = `TRUST_PROXY=${config.trustProxy === false ? 'false' : config.trustProxy}`;
    let plain: Hops | string;
    let forged: Hops | string;
    try {
      plain = await askHops(fetchFn, url, {});
      forged = await askHops(fetchFn, url, { 'X-Forwarded-For': WRITTEN_BY_CLIENT });
    } catch (error) {
      const why = reasonOf(error);
      // A proxy's own certificate authority (Caddy's `tls internal`) is not in Node's list.
      const hint = /certificate/i.test(why)
        ? '; NODE_EXTRA_CA_CERTS=<its root.crt> lets it in'
        : '';
      return warn(
        `${url} does not answer (${why}${hint}): ${setting} not checked against the proxy`,
      );
    }
    if (typeof plain === 'string') return fail(`${url} ${plain}`);
    if (typeof forged === 'string') return fail(`${url} ${forged}`);
    if (plain.trusted < plain.seen) {
      return fail(
        `${setting} believes ${plain.trusted} of the ${plain.seen} proxies a request passes: ` +
          `every member would count as the proxy's address; set TRUST_PROXY=${plain.seen}`,
      );
    }
    if (forged.trusted > plain.seen) {
      return fail(
        `${setting} believes an X-Forwarded-For address the client wrote: ` +
          `set TRUST_PROXY=${plain.seen === 0 ? 'false' : plain.seen}`,
      );
    }
    return ok(
      plain.seen === 0
        ? `requests reach the server with no proxy in front, ${setting}`
        : `a request passes ${plain.seen} prox${plain.seen === 1 ? 'y' : 'ies'}, each believed (${setting})`,
    );
  },
};

/** The probe's count of hops, or what is wrong with the answer (it is not this portal's). */
async function askHops(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
): Promise<Hops | string> {
  const response = await within(
    fetchFn(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_MS) }),
    ANSWER_MS,
    url,
  );
  const body: unknown = await response.json().catch(() => undefined);
  const data = (body as { data?: { proxies_seen?: unknown; proxies_trusted?: unknown } })?.data;
  if (
    response.status !== 200 ||
    typeof data?.proxies_seen !== 'number' ||
    typeof data.proxies_trusted !== 'number'
  ) {
    return `answers HTTP ${response.status}, not as this portal: the proxy sends this host elsewhere`;
  }
  return { seen: data.proxies_seen, trusted: data.proxies_trusted };
}
