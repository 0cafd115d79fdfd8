/** Time, as the console's use cases need it: the Clock every app shares (FakeClock in tests). */
export type { Cancel, Clock } from '../../../../src/contract/clock';

/** The container's token for the console's one Clock. */
export const CLOCK_PORT = Symbol.for('ConsoleClockPort');
