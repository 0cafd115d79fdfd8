/** The real clock: the one SystemClock every app shares (src/contract/clock.ts). */
export { SystemClock } from '../../src/contract/clock';
