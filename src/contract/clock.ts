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
