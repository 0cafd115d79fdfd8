import {
  type PurgeReport,
  schedulePurge,
} from '../../../server/use-cases/purge-stale-records.use-case';
import {
  type ReconcileReport,
  scheduleReconciliation,
} from '../../../server/use-cases/reconcile-pending-payments.use-case';
import { type Cancel } from '../../../server/ports/clock.port';
import { FakeClock } from '../../fakes/fake-clock';

const MINUTE = 60_000;
const PURGED: PurgeReport = { smsCodes: 1, smsRequests: 2, loginFailures: 3, sessions: 4 };
const SWEPT: ReconcileReport = { checked: 2, completed: 1, failed: 1, stillPending: 0, errors: 0 };

type Warn = (context: Record<string, unknown>, message: string) => void;

/** One scheduler under test: starts it over a use case whose `execute` the test controls. */
interface Schedule<R> {
  report: R;
  failure: string;
  start(
    execute: () => Promise<R>,
    clock: FakeClock,
    intervalMs: number,
    warn: Warn,
    onReport: (report: R) => void,
  ): Cancel;
}

const purge: Schedule<PurgeReport> = {
  report: PURGED,
  failure: 'purge of stale records failed',
  start: (execute, clock, intervalMs, warn, onReport) =>
    schedulePurge({ execute }, clock, intervalMs, warn, onReport),
};

const reconciliation: Schedule<ReconcileReport> = {
  report: SWEPT,
  failure: 'reconciliation failed',
  start: (execute, clock, intervalMs, warn, onReport) =>
    scheduleReconciliation({ execute }, clock, intervalMs, warn, onReport),
};

/** A promise the test settles when it chooses: a run that takes as long as the test says. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe.each([
  ['the purge', purge as Schedule<unknown>],
  ['the reconciliation', reconciliation as Schedule<unknown>],
])('%s scheduled on the clock', (_name, schedule) => {
  let clock: FakeClock;
  let warn: jest.Mock<void, Parameters<Warn>>;
  let reports: unknown[];

  beforeEach(() => {
    clock = new FakeClock();
    warn = jest.fn<void, Parameters<Warn>>();
    reports = [];
  });

  it('runs once at the end of each interval and reports each run', async () => {
    const execute = jest.fn(() => Promise.resolve(schedule.report));
    schedule.start(execute, clock, 5 * MINUTE, warn, (r) => reports.push(r));

    await clock.advance(5 * MINUTE - 1);
    expect(execute).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(execute).toHaveBeenCalledTimes(1);
    await clock.advance(5 * MINUTE);
    await clock.advance(5 * MINUTE);
    expect(execute).toHaveBeenCalledTimes(3);
    expect(reports).toEqual([schedule.report, schedule.report, schedule.report]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('stops for good once cancelled, leaving no timer behind', async () => {
    const execute = jest.fn(() => Promise.resolve(schedule.report));
    const stop = schedule.start(execute, clock, MINUTE, warn, (r) => reports.push(r));
    await clock.advance(MINUTE);
    expect(execute).toHaveBeenCalledTimes(1);

    stop();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(60 * MINUTE);
    expect(execute).toHaveBeenCalledTimes(1);
    stop();
  });

  it('skips the ticks that come while a slow run is still going, then runs again', async () => {
    const slow = deferred<unknown>();
    const execute = jest
      .fn<Promise<unknown>, []>()
      .mockReturnValueOnce(slow.promise)
      .mockResolvedValue(schedule.report);
    schedule.start(execute, clock, MINUTE, warn, (r) => reports.push(r));

    await clock.advance(MINUTE);
    await clock.advance(MINUTE);
    await clock.advance(MINUTE);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(reports).toEqual([]);

    slow.resolve(schedule.report);
    await clock.advance(0);
    expect(reports).toEqual([schedule.report]);
    await clock.advance(MINUTE);
    expect(execute).toHaveBeenCalledTimes(2);
    expect(reports).toEqual([schedule.report, schedule.report]);
  });

  it('warns about a failed run and keeps the schedule', async () => {
    const boom = new Error('database gone');
    const execute = jest
      .fn<Promise<unknown>, []>()
      .mockRejectedValueOnce(boom)
      .mockResolvedValue(schedule.report);
    schedule.start(execute, clock, MINUTE, warn, (r) => reports.push(r));

    await clock.advance(MINUTE);
    expect(warn).toHaveBeenCalledWith({ err: boom }, schedule.failure);
    await clock.advance(MINUTE);
    expect(execute).toHaveBeenCalledTimes(2);
    expect(reports).toEqual([schedule.report]);
  });

  it('schedules nothing with an interval of 0', async () => {
    const execute = jest.fn(() => Promise.resolve(schedule.report));
    const stop = schedule.start(execute, clock, 0, warn, (r) => reports.push(r));
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(24 * 60 * MINUTE);
    expect(execute).not.toHaveBeenCalled();
    stop();
  });
});
