/**
 * Time through a port, in the one shape every app shares: `now()` in milliseconds since the
 * epoch (wrap it in `new Date(...)` where a Date is needed) and timers that tests move with
 * FakeClock.advance(ms) instead of waiting.
 */
export type { Cancel, Clock } from '../../src/contract/clock';
