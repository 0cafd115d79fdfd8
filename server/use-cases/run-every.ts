import { type Cancel, type Clock } from '../ports/clock.port';

/** Logs what went wrong without knowing the logger (pino's `warn` fits). */
export type Warn = (context: Record<string, unknown>, message: string) => void;

/**
 * Runs `task` every `intervalMs` on the clock until the returned function is called; an interval
 * of 0 (or less) schedules nothing. A tick that comes while the previous run is still going is
 * skipped, so a slow run is never overlapped by the next. A run that fails is reported through
 * `onError` and the schedule goes on.
 */
export function runEvery(
  clock: Clock,
  intervalMs: number,
  task: () => Promise<void>,
  onError: (error: unknown) => void,
): Cancel {
  if (intervalMs <= 0) return () => {};
  let running = false;
  return clock.every(intervalMs, () => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  });
}

/**
 * `work` made single-flight: a call while a run is going gets that run's promise instead of
 * starting another, so overlapping callers share one run.
 */
export function oneAtATime<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= work().finally(() => {
      running = null;
    }));
}
