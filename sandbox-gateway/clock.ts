import { type Clock, SystemClock } from '../src/contract/clock';

export type { Cancel } from '../src/contract/clock';

/**
 * The sandbox gateway's only source of time (the timestamps it signs and the delays between
 * callback retries), in the one clock shape every app shares; tests pass the FakeClock.
 */
export type GatewayClock = Clock;

/** The real time and timers: the SystemClock every app shares (src/contract/clock.ts). */
export const SystemGatewayClock = SystemClock;
