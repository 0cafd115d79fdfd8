import type { Result } from '../../contract/result';
import type { Failure } from '../model/failure';
import type { Cancel, Clock } from '../ports/clock.port';
import type { LoggedIn } from './login.use-case';
import type { CeremonyFailure } from './passkey-ceremony';
import type { PasskeyLoginUseCase } from './passkey-login.use-case';

/**
 * The API's sign-in challenge answers for 5 minutes: the waiting autofill request is renewed
 * with a fresh challenge after 4, so a passkey picked after a long wait on the login page is
 * still accepted.
 */
export const PASSKEY_AUTOFILL_RENEW_MS = 4 * 60_000;

/**
 * Passkeys offered in the IC field's autofill (conditional mediation), for as long as the login
 * page is open: one waiting request at a time, renewed on the clock before its challenge
 * expires. It ends with the member's pick (signed in, or refused), when another request replaced
 * it (the "Sign in with a passkey" button: CANCELLED), or with null: stop(), no challenge from
 * the API, or a browser that cannot wait for a pick (nothing to report: the member asked for
 * nothing).
 */
export class PasskeyAutofillUseCase {
  private stopped = false;
  private renewal: Cancel | null = null;

  constructor(
    private readonly login: PasskeyLoginUseCase,
    private readonly clock: Clock,
  ) {}

  /** Null when the browser offers no autofill for passkeys, or when stopped. */
  async execute(): Promise<Result<LoggedIn, Failure | CeremonyFailure> | null> {
    this.stopped = false;
    if (!(await this.login.supportsAutofill())) return null;
    while (!this.stopped) {
      let renewed = false;
      const renewal = this.clock.after(PASSKEY_AUTOFILL_RENEW_MS, () => {
        renewed = true;
        this.login.cancel();
      });
      this.renewal = renewal;
      const result = await this.login.execute({ autofill: true });
      renewal();
      if (this.renewal === renewal) this.renewal = null;
      if (this.stopped) return null;
      // No challenge (rate limited, offline): the autofill is a convenience, so it just is not
      // offered; the member did not ask for anything and is told nothing.
      if (!result.ok && (result.error as { beforePrompt?: boolean }).beforePrompt) return null;
      const ceremony = result.ok ? undefined : (result.error as Partial<CeremonyFailure>).ceremony;
      if (renewed && ceremony === 'CANCELLED') continue;
      // The browser could not wait for a pick at all (no authenticator it can use, a security
      // error): the same, nothing is offered and nothing is said. A refusal of a passkey the
      // member picked is the API's answer, not the browser's, and is reported.
      if (ceremony === 'FAILED' || ceremony === 'NOT_SUPPORTED') return null;
      return result;
    }
    return null;
  }

  /** The login page is left: the waiting request ends quietly and is not renewed. */
  stop(): void {
    this.stopped = true;
    this.renewal?.();
    this.renewal = null;
    this.login.cancel();
  }
}
