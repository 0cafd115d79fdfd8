/**
 * Time, as use cases need it: the one Clock shape every app shares (contract/clock.ts). Every
 * delay and poll goes through it, so tests drive it with FakeClock.advance(ms) instead of waiting.
 */
export type { Cancel, Clock } from '../../contract/clock';

/** The container's token for the app's one Clock. */
export const CLOCK_PORT = Symbol.for('ClockPort');
