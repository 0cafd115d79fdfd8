import { type Cancel, type Clock } from '../ports/clock.port';

/**
 * The real time and Node's timers. Every timer is unref'd: a pending task alone never keeps a
 * stopping process alive.
 */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  after(ms: number, task: () => void): Cancel {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  }

  every(ms: number, task: () => void): Cancel {
    const timer = setInterval(task, ms);
    timer.unref();
    return () => clearInterval(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }
}
