import type { Cancel, Clock } from '../../src/contract/clock';

interface Timer {
  id: number;
  due: number;
  interval: number | null;
  fn: () => void;
}

/**
 * The one fake clock of the SPA, server and sandbox gateway tests: it moves only when told.
 * advance(ms) (or set(time)) fires every due timer in time order and lets the promises they
 * start settle between firings, so async polls, schedulers and expiries are observed step by
 * step instead of waited for.
 */
export class FakeClock implements Clock {
  private current: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start: number | Date = Date.UTC(2026, 0, 1, 9, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): Cancel {
    return this.schedule(ms, null, fn);
  }

  every(ms: number, fn: () => void): Cancel {
    return this.schedule(ms, ms, fn);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** Timers still scheduled: a screen that unmounted cleanly leaves none. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await flushPromises();
    for (;;) {
      const next = this.timers
        .filter((t) => t.due <= target)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.current = next.due;
      if (next.interval === null) this.timers = this.timers.filter((t) => t !== next);
      else next.due += next.interval;
      next.fn();
      await flushPromises();
    }
    this.current = target;
    await flushPromises();
  }

  /** Moves to `time` (never back), firing what falls due on the way, as advance does. */
  set(time: number | Date): Promise<void> {
    const target = typeof time === 'number' ? time : time.getTime();
    if (target < this.current) {
      throw new Error(`FakeClock.set: ${new Date(target).toISOString()} is in the past`);
    }
    return this.advance(target - this.current);
  }

  private schedule(ms: number, interval: number | null, fn: () => void): Cancel {
    const timer: Timer = { id: this.nextId++, due: this.current + ms, interval, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
}

/** Lets pending promise chains (several hops deep) run to completion. */
export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
}
