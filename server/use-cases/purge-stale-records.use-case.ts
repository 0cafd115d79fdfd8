import { loginFailurePurgeCutoff } from '../domain/login-throttle-policy';
import { sessionPurgeCutoffs } from '../domain/session-policy';
import { smsCodePurgeCutoff, smsRequestPurgeCutoff } from '../domain/sms-code-policy';
import { type Clock } from '../ports/clock.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type SessionStore } from '../ports/session-store.port';
import { type SmsCodeStore } from '../ports/sms-code-store.port';
import { oneAtATime } from './run-every';

/** Rows deleted by one purge, per kind. */
export interface PurgeReport {
  smsCodes: number;
  smsRequests: number;
  loginFailures: number;
  sessions: number;
}

/** Logs what went wrong without knowing the logger (pino's `warn` fits). */

/**
 * Deletes rows no rule reads any more: SMS codes and code requests, login failures, and ended
 * sessions, each past the retention its policy sets (the policies say why those periods are
 * safe). Deletes go in batches, so a first run over a large backlog never holds one long
 * statement (or PGlite's single connection) for minutes.
 */
export class PurgeStaleRecordsUseCase {
  constructor(
    private readonly smsCodes: SmsCodeStore,
    private readonly loginFailures: LoginFailureStore,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    private readonly batchSize = 1000,
  ) {}

  /** One purge. Overlapping calls share the purge in progress. */
  readonly execute = oneAtATime(() => this.purge());

  private async purge(): Promise<PurgeReport> {
    const now = new Date(this.clock.now());
    const sessionCutoffs = sessionPurgeCutoffs(now);
    return {
      smsCodes: await this.inBatches((limit) =>
        this.smsCodes.deleteCodesExpiredBefore(smsCodePurgeCutoff(now), limit),
      ),
      smsRequests: await this.inBatches((limit) =>
        this.smsCodes.deleteRequestsBefore(smsRequestPurgeCutoff(now), limit),
      ),
      loginFailures: await this.inBatches((limit) =>
        this.loginFailures.deleteOlderThan(loginFailurePurgeCutoff(now), limit),
      ),
      sessions: await this.inBatches((limit) => this.sessions.deleteEnded(sessionCutoffs, limit)),
    };
  }

  private async inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch(this.batchSize);
      total += deleted;
      if (deleted < this.batchSize) return total;
    }
  }
}
