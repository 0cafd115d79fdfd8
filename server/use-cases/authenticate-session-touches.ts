import { SESSION_TOUCH_INTERVAL_MS } from '../domain/session-policy';
import { type Cancel, type Clock } from '../ports/clock.port';
import { type SessionStore } from '../ports/session-store.port';
import { runEvery } from './run-every';

/**
 * Sessions written per statement. On PGlite a statement runs on the event loop: 500 sessions
 * take about 15 ms (5,000 took 100-170 ms, a pause every request then waited through), and the
 * loop answers requests between two statements.
 */
export const TOUCHES_PER_WRITE = 500;

function* chunksOf<K, V>(map: Map<K, V>, size: number): Generator<Map<K, V>> {
  let chunk = new Map<K, V>();
  for (const [key, value] of map) {
    chunk.set(key, value);
    if (chunk.size >= size) {
      yield chunk;
      chunk = new Map();
    }
  }
  if (chunk.size > 0) yield chunk;
}

/**
 * The uses of sessions (their sliding idle expiry), collected in memory and written to the store
 * off the request's path: every SESSION_TOUCH_INTERVAL_MS on the clock, each session used since
 * the last write gets one `touch` with its latest use, so a session is written at most once per
 * interval however often it is checked. Idle expiry is measured in hours, so a use reaching the
 * store up to a minute late changes nothing a member can see; what a stopping instance still
 * holds is written by `close()`.
 *
 * The schedule runs only while uses wait to be written: an idle instance (or a test) keeps no timer.
 */
export class SessionTouches {
  /** Session id to its latest use not yet written. */
  private readonly due = new Map<string, Date>();
  /** The uses being written now. */
  private writing = new Map<string, Date>();
  private cancel: Cancel | undefined;

  constructor(
    private readonly sessions: Pick<SessionStore, 'touch' | 'touchMany'>,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly intervalMs = SESSION_TOUCH_INTERVAL_MS,
  ) {}

  /** Notes a use of `sessionId` at `at`; synchronous, nothing is written now. */
  record(sessionId: string, at: Date): void {
    const known = this.due.get(sessionId);
    if (known === undefined || at > known) this.due.set(sessionId, at);
    this.cancel ??= runEvery(this.clock, this.intervalMs, () => this.flush(), this.onError);
  }

  /**
   * The latest use of a session this instance holds and the store may not have yet (waiting, or
   * being written): what its idle expiry is measured from meanwhile.
   */
  latestUse(sessionId: string): Date | undefined {
    // Asked on every check: an empty map (no write under way, most of the time) is not searched.
    const due = this.due.size === 0 ? undefined : this.due.get(sessionId);
    return due ?? (this.writing.size === 0 ? undefined : this.writing.get(sessionId));
  }

  /** How many sessions have a use waiting to be written. */
  get waiting(): number {
    return this.due.size;
  }

  /**
   * Writes every waiting use: TOUCHES_PER_WRITE sessions per statement when the store can
   * (`touchMany`), else one session after another; never a burst of parallel writes, and other
   * work runs between two statements. A write that fails keeps its uses for the next round,
   * unless later uses replaced them; the first failure is thrown once the others are written.
   */
  async flush(): Promise<void> {
    const batch = new Map(this.due);
    this.due.clear();
    this.writing = batch;
    let failure: { error: unknown } | undefined;
    const keep = (sessionId: string, at: Date) => {
      if (!this.due.has(sessionId)) this.due.set(sessionId, at);
    };
    let first = true;
    for (const chunk of chunksOf(batch, TOUCHES_PER_WRITE)) {
      // Requests waiting meanwhile are answered before the next statement.
      if (!first) await this.clock.sleep(0);
      first = false;
      try {
        if (this.sessions.touchMany !== undefined) {
          await this.sessions.touchMany(chunk);
          continue;
        }
        for (const [sessionId, at] of chunk) {
          try {
            await this.sessions.touch(sessionId, at);
          } catch (error) {
            keep(sessionId, at);
            failure ??= { error };
          }
        }
      } catch (error) {
        for (const [sessionId, at] of chunk) keep(sessionId, at);
        failure ??= { error };
      }
    }
    this.writing = new Map();
    if (this.due.size === 0) this.stopSchedule();
    if (failure !== undefined) throw failure.error;
  }

  /** Stops the schedule and writes what is waiting (a stopping instance). */
  async close(): Promise<void> {
    this.stopSchedule();
    await this.flush();
    this.stopSchedule();
  }

  private stopSchedule(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}
