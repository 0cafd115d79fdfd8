import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { Permission } from '../../../../src/contract/ops-roles';
import { observeExcept } from '../../../../src/ui-kit/observe-except';
import { pagesFor, roleCan, type ConsolePage } from '../../domain/menu';
import type { Cancel } from '../../domain/ports/clock.port';
import type { SessionKeeper, SessionState } from '../../domain/use-cases/session-keeper.use-case';
import { failureText } from './failure-text';
import { SESSION_KEEPER } from './tokens';

/**
 * The operator's session for every screen: who is signed in, the pages their role opens (the
 * menu and the routes), the expiry warning, "Stay signed in" and sign-out. One for the console.
 */
@injectable()
export class ConsoleSessionViewModel {
  state: SessionState = { kind: 'checking' };
  /** Idle, or "Stay signed in" being asked of the API. */
  status: 'idle' | 'staying' = 'idle';
  stayFailure: string | null = null;
  private unsubscribe: Cancel | null = null;

  constructor(@inject(SESSION_KEEPER) private readonly keeper: SessionKeeper) {
    observeExcept(this, ['keeper', 'unsubscribe']);
  }

  /** Follows the keeper and reads the cookie's session; safe to call again. */
  start(): void {
    if (this.unsubscribe !== null) return;
    this.unsubscribe = this.keeper.subscribe((state) => runInAction(() => (this.state = state)));
    this.state = this.keeper.current;
    if (this.state.kind === 'checking') void this.keeper.restore();
  }

  get staying(): boolean {
    return this.status === 'staying';
  }

  get signedIn(): boolean {
    return this.state.kind === 'signed-in';
  }

  get operator() {
    return this.state.kind === 'signed-in' ? this.state.session.operator : null;
  }

  /** The menu: the pages the role may open, and nothing else. */
  get pages(): ConsolePage[] {
    return this.operator === null ? [] : pagesFor(this.operator.role);
  }

  can(permission: Permission): boolean {
    return this.operator !== null && roleCan(this.operator.role, permission);
  }

  get warning(): 'idle' | 'absolute' | null {
    return this.state.kind === 'signed-in' ? this.state.warning : null;
  }

  get endsAt(): number | null {
    return this.state.kind === 'signed-in' ? this.state.endsAt : null;
  }

  /** Whether the sign-in page should say the last session ended (idle, expired, elsewhere). */
  get ended(): boolean {
    return this.state.kind === 'signed-out' && this.state.ended;
  }

  async stay(): Promise<void> {
    this.status = 'staying';
    this.stayFailure = null;
    const answer = await this.keeper.stay();
    runInAction(() => {
      this.status = 'idle';
      this.stayFailure = answer.ok ? null : failureText(answer.error);
    });
  }

  signOut(): Promise<void> {
    return this.keeper.signOut();
  }

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
