import type { Failure } from '../model/failure';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import { err, ok, type Result } from '../../contract/result';

/** A plain shape check: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Subscription {
  email: string;
  /** The address was already on the list: nothing new was stored. */
  alreadySubscribed: boolean;
}

/**
 * The marketing page's newsletter box. The API has no call for it, so addresses are
 * kept on this device through StoragePort, each once: the same address (in any letter case, with
 * stray spaces) a second time changes nothing.
 */
export class SubscribeNewsletterUseCase {
  constructor(private readonly storage: StoragePort) {}

  execute(input: { email: string }): Result<Subscription, Failure> {
    const email = input.email.trim().toLowerCase();
    if (email === '') return err({ key: 'wizardz.subscribe.emailRequired' });
    if (!EMAIL_PATTERN.test(email)) return err({ key: 'wizardz.subscribe.emailInvalid' });
    const list = this.read();
    if (list.includes(email)) return ok({ email, alreadySubscribed: true });
    this.storage.set(StorageKeys.newsletter, JSON.stringify([...list, email]));
    return ok({ email, alreadySubscribed: false });
  }

  private read(): string[] {
    try {
      const saved: unknown = JSON.parse(this.storage.get(StorageKeys.newsletter) ?? '[]');
      return Array.isArray(saved) ? saved.filter((e): e is string => typeof e === 'string') : [];
    } catch {
      return [];
    }
  }
}
