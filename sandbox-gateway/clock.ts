/** Cancels a scheduled task; calling it again, or after the task ran, does nothing. */
export type Cancel = () => void;

/**
 * The sandbox gateway's only source of time: the timestamps it signs and the delays between
 * callback retries. Tests pass a fake that moves when told instead of waiting.
 */
export interface GatewayClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `task` once after `ms` milliseconds. */
  after(ms: number, task: () => void): Cancel;
}

export class SystemGatewayClock implements GatewayClock {
  now(): number {
    return Date.now();
  }

  after(ms: number, task: () => void): Cancel {
    const timer = setTimeout(task, ms);
    // A pending retry must not keep a stopping process alive.
    timer.unref();
    return () => clearTimeout(timer);
  }
}
