import autocannon from 'autocannon';
import { CONNECTIONS, SESSIONS } from './settings';

// The load generator: autocannon, the loader Fastify's own benchmarks use, in this process, with
// CONNECTIONS keep-alive connections, each sending its next request as soon as the previous
// answer is read (no pipelining), for a fixed time.

export interface Figure {
  /** Answers per second over the measured time. */
  rate: number;
  /** Latency in milliseconds, as autocannon's histogram records it. */
  p50: number;
  p99: number;
  /** Answers with a status outside 200-299. */
  non2xx: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
}

/** Every call alike (hello-world, the loader's ceiling), or the i-th call of a varying list. */
export type Calls = Call | ((i: number) => Call);

/** How many distinct varying calls are prebuilt: one per seeded session. */
const PREBUILT_CALLS = SESSIONS;

/** The same call every time: hello-world's, and the loader ceiling's. */
export const GET_ROOT: Call = { method: 'GET', path: '/' };

/**
 * A call as the SPA's fetch adapter sends it: a JSON body with its Content-Type, or for a POST
 * without a request (a session check) no body, no Content-Type and `Content-Length: 0`, as a
 * browser sends a bodyless POST.
 */
function requestOf(call: Call): autocannon.Request {
  return {
    method: call.method,
    path: call.path,
    headers: {
      accept: 'application/json',
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(call.body === undefined && call.method === 'POST' ? { 'content-length': '0' } : {}),
    },
    ...(call.body !== undefined ? { body: call.body } : {}),
  };
}

function run(
  port: number,
  calls: Calls,
  limit: { duration: number } | { amount: number },
  prebuilt: boolean,
): Promise<autocannon.Result> {
  let count = 0;
  let connection = 0;
  const options = { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, pipelining: 1 };
  if (typeof calls !== 'function') {
    return autocannon({ ...options, ...limit, requests: [requestOf(calls)] });
  }
  if (!prebuilt) {
    // Rebuilt for every request: the loader spends about 12 µs more per call than on a prebuilt
    // one (measured against the raw node:http server), CPU the server does not get.
    return autocannon({
      ...options,
      ...limit,
      requests: [{ setupRequest: (request) => ({ ...request, ...requestOf(calls(count++)) }) }],
    });
  }
  // Prebuilt, as hello-world's constant call is: connection c sends calls c, c + CONNECTIONS,
  // c + 2 × CONNECTIONS... in a loop, so the connections together cover PREBUILT_CALLS calls
  // (every seeded session), each built once.
  const perConnection = Math.ceil(PREBUILT_CALLS / CONNECTIONS);
  return autocannon({
    ...options,
    ...limit,
    requests: [requestOf(calls(0))],
    setupClient: (client) => {
      const c = connection++;
      client.setRequests(
        Array.from({ length: perConnection }, (_, j) => requestOf(calls(c + j * CONNECTIONS))),
      );
    },
  });
}

/**
 * A warm-up first (`warmCalls` calls, one per live session by default, so the figure is the
 * steady state rather than a cold cache; none when 0), then `seconds` measured. Varying calls are
 * prebuilt (the first PREBUILT_CALLS of them) unless `prebuilt` is false, when each call is built
 * as it is sent (the growth table's, which must reach every one of up to 250,000 sessions).
 */
export async function load(
  port: number,
  seconds: number,
  calls: Calls,
  warmCalls = SESSIONS,
  prebuilt = true,
): Promise<Figure> {
  if (warmCalls > 0) await run(port, calls, { amount: warmCalls }, prebuilt);
  const result = await run(port, calls, { duration: seconds }, prebuilt);
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Figures of equal length taken one after another, as one: the mean rate, the highest p50 and
 * p99 (a conservative reading), and the sums of non-2xx answers and errors.
 */
export function combine(figures: Figure[]): Figure {
  const mean = figures.reduce((sum, f) => sum + f.rate, 0) / figures.length;
  return {
    rate: mean,
    p50: Math.max(...figures.map((f) => f.p50)),
    p99: Math.max(...figures.map((f) => f.p99)),
    non2xx: figures.reduce((sum, f) => sum + f.non2xx, 0),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
  };
}
