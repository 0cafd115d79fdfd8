import {
  type LoginAttemptClaim,
  type LoginFailureStore,
} from '../../ports/login-failure-store.port';
import { type Database } from './database';
import { deleteRowsBefore } from './delete-rows-before';

export class PostgresLoginFailureStore implements LoginFailureStore {
  constructor(private readonly db: Database) {}

  async failuresSince(accountKey: string, since: Date): Promise<Date[]> {
    const rows = await this.db.query<{ failed_at: Date }>(
      `SELECT failed_at FROM login_failures
        WHERE account_key = $1 AND failed_at > $2 ORDER BY failed_at`,
      [accountKey, since],
    );
    return rows.map((row) => new Date(row.failed_at));
  }

  claimAttempt(
    attempt: { id: string; accountKey: string; at: Date },
    since: Date,
    max: number,
  ): Promise<LoginAttemptClaim> {
    // A count then an insert races under READ COMMITTED (50 parallel guesses all see 9); the
    // advisory lock makes claims for one account take turns, in this process and any other.
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`login:${attempt.accountKey}`]);
      const failures = await new PostgresLoginFailureStore(tx).failuresSince(
        attempt.accountKey,
        since,
      );
      if (failures.length >= max) return { claimed: false, failures };
      await new PostgresLoginFailureStore(tx).record(attempt);
      return { claimed: true };
    });
  }

  async record(failure: { id: string; accountKey: string; at: Date }): Promise<void> {
    await this.db.query(
      'INSERT INTO login_failures (id, account_key, failed_at) VALUES ($1, $2, $3)',
      [failure.id, failure.accountKey, failure.at],
    );
  }

  async clear(accountKey: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE account_key = $1', [accountKey]);
  }

  deleteOlderThan(cutoff: Date, limit: number): Promise<number> {
    return deleteRowsBefore(this.db, 'login_failures', 'failed_at', cutoff, limit);
  }
}
