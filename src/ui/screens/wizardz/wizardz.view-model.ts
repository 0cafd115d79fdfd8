import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';

/** A plain shape check; the address is not sent anywhere (see submit). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The placeholder marketing page's subscribe box. The spec shows no behaviour for SEND: we only
 * check the address and thank the visitor inline; nothing is stored or sent.
 */
@injectable()
export class WizardzViewModel {
  email = '';
  /** i18n key of the e-mail error, if any. */
  emailError: string | null = null;
  subscribed = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setEmail(value: string): void {
    this.email = value;
    this.emailError = null;
    this.subscribed = false;
  }

  submit(): void {
    const email = this.email.trim();
    if (email === '') this.emailError = 'wizardz.subscribe.emailRequired';
    else if (!EMAIL_PATTERN.test(email)) this.emailError = 'wizardz.subscribe.emailInvalid';
    else {
      this.emailError = null;
      this.subscribed = true;
      this.email = '';
    }
  }

  dispose(): void {}
}
