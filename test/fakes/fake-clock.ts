import type { Cancel, ClockPort } from '../../src/domain/ports/clock.port';

interface Timer {
  id: number;
  due: number;
  interval: number | null;
  fn: () => void;
}

/**
 * A clock that moves only when told. advance(ms) fires every due timer in time order and lets
 * the promises they start settle between firings, so async polls can be observed step by step.
 */
export class FakeClock implements ClockPort {
  private current: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start = Date.UTC(2026, 0, 1, 9, 0, 0)) {
    this.current = start;
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
