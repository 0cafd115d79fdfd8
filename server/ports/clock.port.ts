/** Time through a port so tests can move it (FixedClock) instead of waiting. */
export interface Clock {
  now(): Date;
}
