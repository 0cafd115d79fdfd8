import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { NAVIGATION, type Navigation } from '../../shared/navigation';
import { NOTIFIER, type Notifier } from '../../shared/notifier';
import { Paths } from '../../shared/paths';
import { SessionViewModel } from '../../shared/session.view-model';
import { observeExcept } from '../../shared/observe-except';

/** Home (guarded): greets the member and logs out. */
@injectable()
export class HomeViewModel {
  status: 'idle' | 'loggingOut' = 'idle';

  constructor(
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
  ) {
    observeExcept(this, ['session', 'notifier', 'navigation']);
  }

  get memberName(): string {
    return this.session.user?.name ?? '';
  }

  async logout(): Promise<void> {
    if (this.status === 'loggingOut') return;
    this.status = 'loggingOut';
    const confirmed = await this.session.logout();
    runInAction(() => {
      this.status = 'idle';
      if (confirmed) this.notifier.success({ key: 'session.logoutSuccess' });
      else this.notifier.error({ key: 'session.logoutFailed' });
      // Logged out locally either way, so the member belongs on the login page.
      this.navigation.go(Paths.login, { replace: true });
    });
  }

  dispose(): void {
    // No timers of its own; the session outlives the screen.
  }
}
