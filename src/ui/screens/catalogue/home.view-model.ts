import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { Paths } from '../../shared/paths';
import { Screen } from '../../shared/screen';
import { observeExcept } from '../../../ui-kit/observe-except';

/** Home (guarded): greets the member and logs out. */
@injectable()
export class HomeViewModel {
  status: 'idle' | 'loggingOut' = 'idle';

  constructor(@inject(Screen) private readonly screen: Screen) {
    observeExcept(this, ['screen']);
  }

  get memberName(): string {
    return this.screen.session.user?.name ?? '';
  }

  async logout(): Promise<void> {
    if (this.status === 'loggingOut') return;
    this.status = 'loggingOut';
    const confirmed = await this.screen.session.logout();
    runInAction(() => {
      this.status = 'idle';
      if (confirmed) this.screen.notifier.success({ key: 'session.logoutSuccess' });
      else this.screen.notifier.error({ key: 'session.logoutFailed' });
      // Logged out locally either way, so the member belongs on the login page.
      this.screen.navigation.go(Paths.login, { replace: true });
    });
  }

  dispose(): void {
    // No timers of its own; the session outlives the screen.
  }
}
