import {
  type LoginAttemptClaim,
  type LoginFailureStore,
} from '../../ports/login-failure-store.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/** Failed logins in memory, with PostgresLoginFailureStore's windows (after `since`, oldest first). */
export class InMemoryLoginFailureStore implements LoginFailureStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async failuresSince(accountKey: string, since: Date): Promise<Date[]> {
    return this.windowOf(accountKey, since);
  }

  async claimAttempt(
    attempt: { id: string; accountKey: string; at: Date },
    since: Date,
    max: number,
  ): Promise<LoginAttemptClaim> {
    // Count and insert with no await between them: atomic on one event loop, as the advisory
    // lock makes them on PostgreSQL.
    const failures = this.windowOf(attempt.accountKey, since);
    if (failures.length >= max) return { claimed: false, failures };
    this.tables.loginFailures.insert(attempt.id, attempt, this.journal);
    return { claimed: true };
  }

  async record(failure: { id: string; accountKey: string; at: Date }): Promise<void> {
    this.tables.loginFailures.insert(failure.id, failure, this.journal);
  }

  async clear(accountKey: string): Promise<void> {
    for (const { id } of this.tables.loginFailures.find((row) => row.accountKey === accountKey)) {
      this.tables.loginFailures.delete(id, this.journal);
    }
  }

  async deleteOlderThan(cutoff: Date, limit: number): Promise<number> {
    const old = this.tables.loginFailures.find((row) => row.at < cutoff).slice(0, limit);
    for (const { id } of old) this.tables.loginFailures.delete(id, this.journal);
    return old.length;
  }

  private windowOf(accountKey: string, since: Date): Date[] {
    return this.tables.loginFailures
      .find((row) => row.accountKey === accountKey && row.at > since)
      .map((row) => new Date(row.at))
      .sort((a, b) => a.getTime() - b.getTime());
  }
}
