import { type Answer } from './stack-caddy';

export interface StreamCall {
  method: 'GET' | 'POST';
  path: string;
}

export interface StreamFigures {
  /** Member requests sent, a retry not counted. */
  requests: number;
  /** Sent after the kill. */
  afterKill: number;
  /** Requests that failed once and were sent again. */
  retried: number;
  /** Requests that failed again on their retry: what a member would see. */
  failed: number;
  /** How the first few of those failed. */
  failures: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stream of member requests, one worker per session token cycling through `calls` (a few a
 * second each, as pages poll), with `kill` run STREAM_BEFORE_KILL_MS in and the stream going on
 * for STREAM_AFTER_KILL_MS after it. A request that fails (no answer, or anything but 200) is
 * sent once more at once, as the SPA's fetch adapter retries a lost connection.
 */
export async function killMidStream(options: {
  tokens: string[];
  calls: StreamCall[];
  call: (method: 'GET' | 'POST', path: string, options: { token: string }) => Promise<Answer>;
  kill: () => Promise<unknown>;
}): Promise<StreamFigures> {
  const figures: StreamFigures = { requests: 0, afterKill: 0, retried: 0, failed: 0, failures: [] };
  let killed = false;
  let stopped = false;
  const once = (call: StreamCall, token: string) =>
    options.call(call.method, call.path, { token }).then(
      (answer) =>
        answer.status === 200
          ? null
          : `${call.path}: HTTP ${answer.status} ${answer.body.code ?? ''}`,
      (error: unknown) => `${call.path}: ${String(error)}`,
    );
  const worker = async (token: string, offset: number) => {
    for (let i = offset; !stopped; i += 1) {
      const call = options.calls[i % options.calls.length];
      figures.requests += 1;
      if (killed) figures.afterKill += 1;
      if ((await once(call, token)) !== null) {
        figures.retried += 1;
        const failure = await once(call, token);
        if (failure !== null) {
          figures.failed += 1;
          if (figures.failures.length < 5) figures.failures.push(failure);
        }
      }
      await sleep(150);
    }
  };
  const workers = options.tokens.map((token, i) => worker(token, i));
  await sleep(STREAM_BEFORE_KILL_MS);
  await options.kill();
  killed = true;
  await sleep(STREAM_AFTER_KILL_MS);
  stopped = true;
  await Promise.all(workers);
  return figures;
}

const STREAM_BEFORE_KILL_MS = 2_000;
const STREAM_AFTER_KILL_MS = 6_000;
