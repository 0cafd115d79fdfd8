import type {
  PasskeyAuthenticationCredential,
  PasskeyOptionsResponse,
  PasskeyRegistrationCredential,
} from '../../contract/passkeys';
import type { Result } from '../../contract/result';

/** The WebAuthn options as the API sent them (the browser library takes them as they are). */
export type PasskeyOptions = PasskeyOptionsResponse['options'];

/**
 * Why the browser gave no credential:
 * - CANCELLED: the member dismissed the prompt, it timed out, or another ceremony replaced it;
 * - NOT_SUPPORTED: this browser has no WebAuthn (or no autofill for it);
 * - ORIGIN_REFUSED: the browser refused the page's address as the relying party (a SecurityError:
 *   the site opened at an IP address, or at another name than the site's);
 * - FAILED: anything else the authenticator refused (e.g. a passkey already on this device).
 */
export type PasskeyCeremonyFailure = 'CANCELLED' | 'NOT_SUPPORTED' | 'ORIGIN_REFUSED' | 'FAILED';

/** The browser's side of passkeys (WebAuthn), so use cases never touch navigator.credentials. */
export interface PasskeyPort {
  /** Whether this browser can create and use passkeys here (never at an IP address). */
  isSupported(): boolean;
  /**
   * Whether the page was opened at an IP address: WebAuthn takes the site's name as its relying
   * party, never an address, so passkeys cannot work here whatever the browser can do.
   */
  servedFromIpAddress(): boolean;
  /** Whether it offers passkeys in a username field's autofill (conditional mediation). */
  supportsAutofill(): Promise<boolean>;
  /** Asks the authenticator to create a passkey for these creation options. */
  create(
    options: PasskeyOptions,
  ): Promise<Result<PasskeyRegistrationCredential, PasskeyCeremonyFailure>>;
  /**
   * Asks for a signature with a passkey for these request options; with `autofill`, the request
   * waits quietly until the member picks a passkey in the IC field's suggestions.
   */
  get(
    options: PasskeyOptions,
    mode: { autofill: boolean },
  ): Promise<Result<PasskeyAuthenticationCredential, PasskeyCeremonyFailure>>;
  /** Ends a waiting request (the autofill one when the page is left). */
  cancel(): void;
}

export const PASSKEY_PORT = Symbol.for('PasskeyPort');
