import type { Cancel, ClockPort } from '../domain/ports/clock.port';

/** ClockPort over the real timers. */
export class SystemClockAdapter implements ClockPort {
  now(): number {
    return Date.now();
  }

  after(ms: number, fn: () => void): Cancel {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  }

  every(ms: number, fn: () => void): Cancel {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
