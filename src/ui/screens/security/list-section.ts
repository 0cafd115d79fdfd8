import { runInAction } from 'mobx';
import type { Result } from '../../../contract/result';
import type { Failure } from '../../../domain/model/failure';
import { failureMessage } from '../../shared/error-messages';
import type { Notifier } from '../../shared/notifier';
import { observeExcept } from '../../../ui-kit/observe-except';

export type SectionStatus = 'loading' | 'displayed' | 'failed';

/**
 * One of the security page's lists (where the member is signed in, their passkeys) as it is read:
 * loading, then displayed. A read that fails leaves a list already shown as it was; one never
 * shown has failed. The failure is toasted unless the session itself ended: the session check
 * then takes the member to the login page.
 */
export class ListSection<T> {
  status: SectionStatus = 'loading';
  items: T[] = [];
  private disposed = false;

  constructor(
    private readonly read: () => Promise<Result<T[], Failure>>,
    private readonly notifier: Notifier,
  ) {
    observeExcept(this, ['read', 'notifier', 'disposed']);
  }

  async load(): Promise<void> {
    const result = await this.read();
    if (this.disposed) return;
    runInAction(() => {
      if (result.ok) {
        this.items = result.value;
        this.status = 'displayed';
        return;
      }
      if (this.status !== 'displayed') this.status = 'failed';
      const code = result.error.code;
      if (code !== 'AUTH_SESSION_ENDED' && code !== 'AUTH_REQUIRED')
        this.notifier.error(failureMessage(result.error, result.error.key));
    });
  }

  /** The page unmounted: a late answer is dropped. */
  dispose(): void {
    this.disposed = true;
  }
}
