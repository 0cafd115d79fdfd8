import type { Clock } from '../../contract/clock';

export type { Cancel } from '../../contract/clock';

/**
 * Time, as use cases need it: the one Clock shape every app shares. Every delay and poll goes
 * through it, so tests drive it with FakeClock.advance(ms) instead of waiting.
 */
export type ClockPort = Clock;

export const CLOCK_PORT = Symbol.for('ClockPort');
