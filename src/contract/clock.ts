/** Cancels a scheduled task; calling it again, or after the task ran, does nothing. */
export type Cancel = () => void;

/**
 * Time, as every app's use cases need it: the SPA, the server and the sandbox gateway all read
 * the time and schedule work through this one shape, so one FakeClock drives all their tests
 * (`advance(ms)` instead of waiting).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `task` once after `ms` milliseconds. */
  after(ms: number, task: () => void): Cancel;
  /** Runs `task` every `ms` milliseconds (the first run after `ms`). */
  every(ms: number, task: () => void): Cancel;
  sleep(ms: number): Promise<void>;
}

/** A Node timer has unref(); a browser's timer id is a number and needs none. */
const unref = (timer: unknown): void => {
  (timer as { unref?: () => void }).unref?.();
};

/**
 * The real time and the platform's timers, for the server and the sandbox gateway alike. Every
 * timer is unref'd under Node: a pending task alone never keeps a stopping process alive.
 */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  after(ms: number, task: () => void): Cancel {
    const timer = setTimeout(task, ms);
    unref(timer);
    return () => clearTimeout(timer);
  }

  every(ms: number, task: () => void): Cancel {
    const timer = setInterval(task, ms);
    unref(timer);
    return () => clearInterval(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }
}
