import { type Clock } from '../ports/clock';
import { type SessionStore } from '../ports/session-store';
import { ok, type Result } from './result';

export class Logout {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: { sessionId: string }): Promise<Result<null>> {
    await this.sessions.revoke(input.sessionId, this.clock.now());
    return ok(null);
  }
}
