import { FakeClock } from '../fakes/fake-clock';
import {
  QUERY_CACHE_TIME_MS,
  QueryCache,
  queryRetryDelayMs,
  type QueryAttempt,
} from '../../src/domain/query-cache';
import type { Result } from '../../src/contract/result';

/** A query whose reads answer from a script, counting them. */
function scripted(...answers: QueryAttempt<string, string>[]) {
  const reads = { count: 0 };
  const read = async (): Promise<QueryAttempt<string, string>> => {
    const answer = answers[Math.min(reads.count, answers.length - 1)];
    reads.count++;
    return answer;
  };
  return { read, reads };
}

const value = (v: string): QueryAttempt<string, string> => ({ ok: true, value: v });
const transient: QueryAttempt<string, string> = {
  ok: false,
  error: { failure: 'down', retryable: true },
};
const refused: QueryAttempt<string, string> = {
  ok: false,
  error: { failure: 'no', retryable: false },
};

describe('queryRetryDelayMs', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16000],
    [5, 30000],
    [10, 30000],
  ])('failure %i waits %i ms (exponential, capped at 30 s)', (failureCount, ms) => {
    expect(queryRetryDelayMs(failureCount)).toBe(ms);
  });
});

describe('QueryCache', () => {
  it('retries a transient failure 3 times after 1 s, 2 s and 4 s, then reports it', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    const { read, reads } = scripted(transient);
    let result: Result<string, string> | undefined;
    void cache.fetch('k', read).then((answer) => (result = answer));

    await clock.advance(0);
    expect(reads.count).toBe(1);
    await clock.advance(999);
    expect(reads.count).toBe(1);
    await clock.advance(1);
    expect(reads.count).toBe(2);
    await clock.advance(2000);
    expect(reads.count).toBe(3);
    await clock.advance(4000);
    expect(reads.count).toBe(4);
    expect(result).toEqual({ ok: false, error: 'down' });
    expect(clock.pendingTimers).toBe(0);
  });

  it('a retry that succeeds answers with the value and keeps it', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    const { read } = scripted(transient, value('v1'));
    const answer = cache.fetch('k', read);
    await clock.advance(1000);
    expect(await answer).toEqual({ ok: true, value: 'v1' });
    expect(cache.peek('k')).toBe('v1');
  });

  it('never retries a refusal, and keeps nothing for it', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    const { read, reads } = scripted(refused);
    expect(await cache.fetch('k', read)).toEqual({ ok: false, error: 'no' });
    expect(reads.count).toBe(1);
    expect(cache.peek('k')).toBeUndefined();
    expect(clock.pendingTimers).toBe(0);
  });

  it('always asks again, and joins a read of the same key already under way', async () => {
    const cache = new QueryCache(new FakeClock());
    const { read, reads } = scripted(value('v1'), value('v2'));
    const first = cache.fetch('k', read);
    expect(cache.fetch('k', read)).toBe(first);
    expect(await first).toEqual({ ok: true, value: 'v1' });
    expect(await cache.fetch('k', read)).toEqual({ ok: true, value: 'v2' });
    expect(reads.count).toBe(2);
  });

  it('keeps a value 5 minutes after its last use, then forgets it; without any timer', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    await cache.fetch('k', scripted(value('v1')).read);
    expect(clock.pendingTimers).toBe(0);

    await clock.advance(QUERY_CACHE_TIME_MS - 1);
    // A use restarts the 5 minutes.
    expect(cache.peek('k')).toBe('v1');
    await clock.advance(QUERY_CACHE_TIME_MS - 1);
    expect(cache.peek('k')).toBe('v1');
    await clock.advance(QUERY_CACHE_TIME_MS);
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('unused keys are dropped whenever the cache is used', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    await cache.fetch('old', scripted(value('a')).read);
    await clock.advance(QUERY_CACHE_TIME_MS);
    await cache.fetch('new', scripted(value('b')).read);
    expect(cache.size).toBe(1);
  });

  it('cancel drops a waiting retry and its timer; the read settles with its failure', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    const { read, reads } = scripted(transient);
    const answer = cache.fetch('k', read);
    await clock.advance(0);
    expect(clock.pendingTimers).toBe(1);
    cache.cancel('k');
    expect(clock.pendingTimers).toBe(0);
    expect(await answer).toEqual({ ok: false, error: 'down' });
    await clock.advance(60_000);
    expect(reads.count).toBe(1);
  });

  it('clear forgets every value and cancels every waiting retry (the session ended)', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock);
    await cache.fetch('a', scripted(value('v')).read);
    void cache.fetch('b', scripted(transient).read);
    await clock.advance(0);
    cache.clear();
    expect(cache.peek('a')).toBeUndefined();
    expect(clock.pendingTimers).toBe(0);
  });

  it('takes other options (a test or a screen may retry less)', async () => {
    const clock = new FakeClock();
    const cache = new QueryCache(clock, { retries: 0 });
    const { read, reads } = scripted(transient);
    expect(await cache.fetch('k', read)).toEqual({ ok: false, error: 'down' });
    expect(reads.count).toBe(1);
  });
});
