import type { Clock } from '../../../../src/contract/clock';

export type { Cancel } from '../../../../src/contract/clock';

/** Time, as the console's use cases need it: the Clock every app shares (FakeClock in tests). */
export type ClockPort = Clock;

export const CLOCK_PORT = Symbol.for('ConsoleClockPort');
