/** Clock over the real timers: the one SystemClock every app shares (contract/clock.ts). */
export { SystemClock as SystemClockAdapter } from '../contract/clock';
