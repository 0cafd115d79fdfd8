import type { Cancel, Clock } from './ports/clock.port';

/**
 * Runs `check` every `intervalMs` (first run after one interval) until it resolves false or the
 * returned Cancel is called. The next run is scheduled only once the previous one has settled, so
 * a slow answer never overlaps the next request; a rejected check counts as "keep going".
 */
export function pollEvery(clock: Clock, intervalMs: number, check: () => Promise<boolean>): Cancel {
  let stopped = false;
  let cancelTimer: Cancel | null = null;
  const schedule = (): void => {
    cancelTimer = clock.after(intervalMs, () => {
      cancelTimer = null;
      check().then(
        (keepGoing) => {
          if (keepGoing && !stopped) schedule();
        },
        () => {
          if (!stopped) schedule();
        },
      );
    });
  };
  schedule();
  return () => {
    stopped = true;
    cancelTimer?.();
    cancelTimer = null;
  };
}
