import http from 'node:http';
import { CONNECTIONS, SESSIONS } from './settings';

// The load generator: CONNECTIONS keep-alive connections, each sending its next request as soon
// as the previous answer is read, for a fixed time.

export interface Figure {
  rate: number;
  p50: number;
  p99: number;
  /** Answers other than the one expected, by status (-1: no answer). */
  errors: string;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
  expect: number;
}

function send(agent: http.Agent, port: number, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(call.body);
    }
    const request = http.request(
      { agent, host: '127.0.0.1', port, method: call.method, path: call.path, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(call.body);
  });
}

/**
 * Warm-up first (half a second, and `warmCalls` calls: one per live session, so the figure is the
 * steady state rather than a cold cache), then `seconds` measured.
 */
export async function load(
  port: number,
  seconds: number,
  next: (i: number) => Call,
  warmCalls = SESSIONS,
): Promise<Figure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const unexpected = new Map<number, number>();
  let count = 0;
  const warmAtLeast = performance.now() + 500;
  let measuredFrom = 0;
  let endAt = Infinity;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (;;) {
        const started = performance.now();
        if (started >= endAt) return;
        const i = count++;
        const call = next(i);
        const status = await send(agent, port, call).catch(() => -1);
        const ended = performance.now();
        if (measuredFrom === 0) {
          if (i < warmCalls || started < warmAtLeast) continue;
          measuredFrom = started;
          endAt = measuredFrom + seconds * 1000;
        }
        if (started < measuredFrom) continue;
        if (status !== call.expect) unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
        latencies.push(ended - started);
      }
    }),
  );
  agent.destroy();
  const elapsedS = (performance.now() - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const errors = [...unexpected].map(([status, n]) => `${n}× ${status}`).join(', ');
  return { rate: latencies.length / elapsedS, p50: at(0.5), p99: at(0.99), errors };
}
