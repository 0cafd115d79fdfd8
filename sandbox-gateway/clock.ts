import { type Cancel, type Clock } from '../src/contract/clock';

export type { Cancel } from '../src/contract/clock';

/**
 * The sandbox gateway's only source of time (the timestamps it signs and the delays between
 * callback retries), in the one clock shape every app shares; tests pass the FakeClock.
 */
export type GatewayClock = Clock;

/**
 * The real time and Node's timers. Every timer is unref'd: a pending retry alone never keeps a
 * stopping process alive.
 */
export class SystemGatewayClock implements GatewayClock {
  now(): number {
    return Date.now();
  }

  after(ms: number, task: () => void): Cancel {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  }

  every(ms: number, task: () => void): Cancel {
    const timer = setInterval(task, ms);
    timer.unref();
    return () => clearInterval(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }
}
