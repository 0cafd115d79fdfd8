import type {
  PasskeyAuthenticationCredential,
  PasskeyRegistrationCredential,
} from '../../src/contract/passkeys';
import { ok, type Result } from '../../src/contract/result';
import type {
  PasskeyFailure,
  PasskeyOptions,
  PasskeyPort,
} from '../../console/src/domain/ports/passkey.port';
import { aRegistration, anAssertion } from '../fakes/fake-passkeys';

/**
 * The console's PasskeyPort with scripted browser answers: `available` says whether the browser
 * (and the page's address) allow passkeys; create() and get() record their options and answer
 * the next queued outcome, else a credential.
 */
export class FakeConsolePasskeys implements PasskeyPort {
  available = true;
  readonly created: PasskeyOptions[] = [];
  readonly requested: PasskeyOptions[] = [];
  creations: Result<PasskeyRegistrationCredential, PasskeyFailure>[] = [];
  assertions: Result<PasskeyAuthenticationCredential, PasskeyFailure>[] = [];

  isAvailable(): boolean {
    return this.available;
  }

  async create(options: PasskeyOptions) {
    this.created.push(options);
    return this.creations.shift() ?? ok(aRegistration());
  }

  async get(options: PasskeyOptions) {
    this.requested.push(options);
    return this.assertions.shift() ?? ok(anAssertion());
  }
}
