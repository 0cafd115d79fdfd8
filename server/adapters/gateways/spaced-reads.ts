import { setTimeout as sleep } from 'node:timers/promises';

/** Reads of one bill start at least this far apart by default (per server instance). */
export const DEFAULT_READ_SPACING_MS = 1_000;

interface Read<T> {
  /** performance.now() when the read starts (or started). */
  startsAt: number;
  answer: Promise<T>;
}

/**
 * Keyed reads of a remote state that callers may trigger at will (an unsigned callback naming a
 * bill): each caller gets an answer read no earlier than its own arrival, so nothing it was told
 * to check is missed, yet reads of one key start at least `spacingMs` apart. A caller that
 * arrives while a read is scheduled joins it; one that arrives while a read is already under way
 * waits for the next, which every later caller shares. So however many callers come for one
 * key, the remote side is asked at most once per `spacingMs` (plus the first), and no caller
 * waits longer than `spacingMs` beyond the read itself.
 */
export class SpacedReads<T> {
  private readonly latest = new Map<string, Read<T>>();

  constructor(private readonly spacingMs: number = DEFAULT_READ_SPACING_MS) {}

  read(key: string, readNow: () => Promise<T>): Promise<T> {
    const arrival = performance.now();
    const last = this.latest.get(key);
    if (last !== undefined && last.startsAt >= arrival) return last.answer;
    const startsAt =
      last === undefined ? arrival : Math.max(arrival, last.startsAt + this.spacingMs);
    const wait = startsAt - arrival;
    const answer = wait > 0 ? sleep(wait).then(readNow) : readNow();
    const read = { startsAt, answer };
    this.latest.set(key, read);
    // Forgotten once the next read could start anyway, so the map holds only recent keys.
    const forget = () => {
      setTimeout(() => {
        if (this.latest.get(key) === read) this.latest.delete(key);
      }, this.spacingMs).unref();
    };
    answer.then(forget, forget);
    return answer;
  }
}
