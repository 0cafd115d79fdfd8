import { type SessionStore } from '../../../server/ports/session-store.port';
import {
  SessionTouches,
  TOUCHES_PER_WRITE,
} from '../../../server/use-cases/authenticate-session-touches';
import { FakeClock } from '../../fakes/fake-clock';

const MINUTE = 60_000;

/** A session store's `touch` that records what it is asked to write, and can be made to fail. */
function recordingTouch() {
  const writes: [string, number][] = [];
  let failing = false;
  const store: Pick<SessionStore, 'touch'> = {
    touch: async (id, now) => {
      if (failing) throw new Error('database down');
      writes.push([id, now.getTime()]);
    },
  };
  return { store, writes, fail: (value: boolean) => (failing = value) };
}

describe('SessionTouches: the sessions’ uses, batched off the request path', () => {
  it('writes each session once per minute with its latest use, however often it is used', async () => {
    const clock = new FakeClock();
    const { store, writes } = recordingTouch();
    const touches = new SessionTouches(store, clock);
    const start = clock.now();
    for (let i = 0; i < 50; i++) {
      touches.record('s1', new Date(clock.now()));
      touches.record('s2', new Date(clock.now()));
      await clock.advance(1000);
    }
    expect(writes).toEqual([]);
    expect(touches.waiting).toBe(2);
    await clock.advance(10_000);
    expect(writes).toEqual([
      ['s1', start + 49_000],
      ['s2', start + 49_000],
    ]);
    expect(touches.waiting).toBe(0);
  });

  it('never moves a use backwards: an older use recorded late is ignored', async () => {
    const clock = new FakeClock();
    const { store, writes } = recordingTouch();
    const touches = new SessionTouches(store, clock);
    touches.record('s1', new Date(clock.now() + 500));
    touches.record('s1', new Date(clock.now()));
    await clock.advance(MINUTE);
    expect(writes).toEqual([['s1', clock.now() - MINUTE + 500]]);
  });

  it('keeps no timer while nothing waits, and starts again on the next use', async () => {
    const clock = new FakeClock();
    const { store, writes } = recordingTouch();
    const touches = new SessionTouches(store, clock);
    expect(clock.pendingTimers).toBe(0);
    touches.record('s1', new Date(clock.now()));
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(MINUTE);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(5 * MINUTE);
    touches.record('s1', new Date(clock.now()));
    await clock.advance(MINUTE);
    expect(writes.map(([id]) => id)).toEqual(['s1', 's1']);
  });

  it('keeps a failed write for the next round and reports the failure', async () => {
    const clock = new FakeClock();
    const { store, writes, fail } = recordingTouch();
    const errors: unknown[] = [];
    const touches = new SessionTouches(store, clock, (error) => errors.push(error));
    const usedAt = clock.now();
    touches.record('s1', new Date(usedAt));
    fail(true);
    await clock.advance(MINUTE);
    expect(errors).toHaveLength(1);
    expect(touches.waiting).toBe(1);
    fail(false);
    await clock.advance(MINUTE);
    expect(writes).toEqual([['s1', usedAt]]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('writes what waits when closed, and stops its schedule', async () => {
    const clock = new FakeClock();
    const { store, writes } = recordingTouch();
    const touches = new SessionTouches(store, clock);
    touches.record('s1', new Date(clock.now()));
    await touches.close();
    expect(writes).toEqual([['s1', clock.now()]]);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('SessionTouches.latestUse', () => {
  it('answers a use not yet written, while it waits and while it is being written', async () => {
    const clock = new FakeClock();
    let finishWrite = () => {};
    const store: Pick<SessionStore, 'touch'> = {
      touch: () => new Promise<void>((resolve) => (finishWrite = resolve)),
    };
    const touches = new SessionTouches(store, clock);
    const usedAt = new Date(clock.now());
    expect(touches.latestUse('s1')).toBeUndefined();
    touches.record('s1', usedAt);
    expect(touches.latestUse('s1')).toEqual(usedAt);
    await clock.advance(MINUTE); // the write starts, and is held
    expect(touches.waiting).toBe(0);
    expect(touches.latestUse('s1')).toEqual(usedAt);
    finishWrite();
    await clock.advance(0);
    expect(touches.latestUse('s1')).toBeUndefined();
  });
});

describe('SessionTouches over a store that writes many sessions at once', () => {
  it('writes the whole batch in statements of TOUCHES_PER_WRITE sessions', async () => {
    const clock = new FakeClock();
    const statements: number[] = [];
    const store: Pick<SessionStore, 'touch' | 'touchMany'> = {
      touch: async () => {
        throw new Error('one at a time is not expected');
      },
      touchMany: async (uses) => {
        statements.push(uses.size);
      },
    };
    const touches = new SessionTouches(store, clock);
    for (let i = 0; i < TOUCHES_PER_WRITE + 1; i++) touches.record(`s${i}`, new Date(clock.now()));
    await clock.advance(MINUTE);
    expect(statements).toEqual([TOUCHES_PER_WRITE, 1]);
    expect(touches.waiting).toBe(0);
  });
});
