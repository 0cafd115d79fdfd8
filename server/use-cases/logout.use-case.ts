import { type Clock } from '../ports/clock.port';
import { type SessionStore } from '../ports/session-store.port';
import { ok, type Result, type UseCaseError } from './result';

export class LogoutUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: { sessionId: string }): Promise<Result<null, UseCaseError>> {
    await this.sessions.revoke(input.sessionId, new Date(this.clock.now()));
    return ok(null);
  }
}
