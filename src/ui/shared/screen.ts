import { inject, injectable } from 'inversify';
import { NAVIGATION, type Navigation } from './navigation';
import { NOTIFIER, type Notifier } from './notifier';
import { SessionViewModel } from './session.view-model';

/**
 * What a screen's view-model works with besides its own use cases: toasts, moving to another
 * route, and the member's session (one for the whole app). Injected as one collaborator; a
 * view-model that needs only part of it says so in its type (`Pick<Screen, 'notifier'>`).
 */
@injectable()
export class Screen {
  constructor(
    @inject(NOTIFIER) readonly notifier: Notifier,
    @inject(NAVIGATION) readonly navigation: Navigation,
    @inject(SessionViewModel) readonly session: SessionViewModel,
  ) {}
}
