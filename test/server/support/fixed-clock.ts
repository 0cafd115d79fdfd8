import { type Clock } from '../../../server/ports/clock.port';

/**
 * The one fake clock of the server tests: it moves only when a test says so (`advance(ms)`,
 * `set(date)`), so expiry, cooldowns and windows are proven without waiting.
 */
export class FixedClock implements Clock {
  private current: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 1, 9, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date | number): void {
    this.current = typeof date === 'number' ? date : date.getTime();
  }
}
