import { inject, injectable } from 'inversify';
import type { SubscribeNewsletterUseCase } from '../../../domain/use-cases/subscribe-newsletter.use-case';
import { SUBSCRIBE_NEWSLETTER_USE_CASE } from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';

/**
 * The placeholder marketing page's subscribe box: SubscribeNewsletterUseCase checks the address
 * and keeps it once (on this device: the API has no newsletter call), and the page thanks the
 * visitor.
 */
@injectable()
export class WizardzViewModel {
  email = '';
  /** i18n key of the e-mail error, if any. */
  emailError: string | null = null;
  /** i18n key of the thanks, once subscribed. */
  thanks: string | null = null;

  constructor(
    @inject(SUBSCRIBE_NEWSLETTER_USE_CASE) private readonly subscribe: SubscribeNewsletterUseCase,
  ) {
    observeExcept(this, ['subscribe']);
  }

  get subscribed(): boolean {
    return this.thanks !== null;
  }

  setEmail(value: string): void {
    this.email = value;
    this.emailError = null;
    this.thanks = null;
  }

  submit(): void {
    const result = this.subscribe.execute({ email: this.email });
    if (!result.ok) {
      this.emailError = result.error.key;
      return;
    }
    this.emailError = null;
    this.thanks = result.value.alreadySubscribed
      ? 'wizardz.subscribe.alreadySubscribed'
      : 'wizardz.subscribe.thanks';
    this.email = '';
  }

  dispose(): void {}
}
