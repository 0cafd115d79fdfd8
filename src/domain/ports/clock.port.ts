/** Cancels a scheduled callback; calling it twice is harmless. */
export type Cancel = () => void;

/**
 * Time, as use cases need it. Every delay and poll in the app goes through this port so tests
 * drive it with FakeClock.advance(ms) instead of waiting.
 */
export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs fn once after ms. */
  after(ms: number, fn: () => void): Cancel;
  /** Runs fn every ms (first run after ms). */
  every(ms: number, fn: () => void): Cancel;
  sleep(ms: number): Promise<void>;
}

export const CLOCK_PORT = Symbol.for('ClockPort');
