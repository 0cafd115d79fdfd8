import type {
  PasskeyAuthenticationCredential,
  PasskeyRegistrationCredential,
} from '../../src/contract/passkeys';
import { err, ok, type Result } from '../../src/contract/result';
import type {
  PasskeyCeremonyFailure,
  PasskeyOptions,
  PasskeyPort,
} from '../../src/domain/ports/passkey.port';

/** A registration answer as a browser would send it (contents do not matter to the SPA). */
export const aRegistration = (id = 'cred-1'): PasskeyRegistrationCredential => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'cdj', attestationObject: 'att', transports: ['internal'] },
});

export const anAssertion = (id = 'cred-1'): PasskeyAuthenticationCredential => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'cdj', authenticatorData: 'ad', signature: 'sig' },
});

/**
 * A PasskeyPort whose browser answers are scripted: `supported`/`autofill` say what the browser
 * has; create() and get() answer the next queued outcome (a credential or a failure). A get()
 * with autofill and nothing queued waits until cancel() (or a modal get()) ends it, as a browser's
 * conditional request does.
 */
export class FakePasskeys implements PasskeyPort {
  supported = true;
  autofill = true;
  readonly created: PasskeyOptions[] = [];
  readonly requested: { options: PasskeyOptions; autofill: boolean }[] = [];
  creations: Result<PasskeyRegistrationCredential, PasskeyCeremonyFailure>[] = [];
  assertions: Result<PasskeyAuthenticationCredential, PasskeyCeremonyFailure>[] = [];
  cancelled = 0;
  private waiting: ((failure: PasskeyCeremonyFailure) => void) | null = null;

  /** The page's address is an IP address (passkeys then unsupported). */
  ipAddress = false;

  isSupported(): boolean {
    return this.supported && !this.ipAddress;
  }

  servedFromIpAddress(): boolean {
    return this.ipAddress;
  }

  async supportsAutofill(): Promise<boolean> {
    return this.supported && this.autofill;
  }

  async create(options: PasskeyOptions) {
    this.created.push(options);
    return this.creations.shift() ?? ok(aRegistration());
  }

  get(
    options: PasskeyOptions,
    mode: { autofill: boolean },
  ): Promise<Result<PasskeyAuthenticationCredential, PasskeyCeremonyFailure>> {
    // A new request ends a waiting one, as @simplewebauthn/browser does.
    this.endWaiting('CANCELLED');
    this.requested.push({ options, autofill: mode.autofill });
    const next = this.assertions.shift();
    if (next) return Promise.resolve(next);
    if (!mode.autofill) return Promise.resolve(ok(anAssertion()));
    return new Promise((resolve) => {
      this.waiting = (failure) => resolve(err(failure));
    });
  }

  /** Whether an autofill request is waiting for the member. */
  get isWaiting(): boolean {
    return this.waiting !== null;
  }

  cancel(): void {
    this.cancelled += 1;
    this.endWaiting('CANCELLED');
  }

  private endWaiting(failure: PasskeyCeremonyFailure): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(failure);
  }
}
