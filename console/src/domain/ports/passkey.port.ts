import type {
  PasskeyAuthenticationCredential,
  PasskeyOptionsResponse,
  PasskeyRegistrationCredential,
} from '../../../../src/contract/passkeys';
import type { Result } from '../../../../src/contract/result';

/** The WebAuthn options as the API sent them (creation or request options, JSON form). */
export type PasskeyOptions = PasskeyOptionsResponse['options'];

/**
 * Why the browser gave no credential:
 * - CANCELLED: the operator dismissed the prompt, or it timed out;
 * - NOT_SUPPORTED: this browser has no WebAuthn in its JSON forms;
 * - ORIGIN_REFUSED: the browser refused the page's address as the relying party (an IP address);
 * - FAILED: anything else the authenticator refused (e.g. a passkey already on this device).
 */
export type PasskeyFailure = 'CANCELLED' | 'NOT_SUPPORTED' | 'ORIGIN_REFUSED' | 'FAILED';

/** The browser's side of passkeys (WebAuthn), so use cases never touch navigator.credentials. */
export interface PasskeyPort {
  /**
   * Whether passkeys can work here: the browser has WebAuthn, the page is a secure context, and
   * it was opened at a name (the relying party is the console's name, never an IP address).
   */
  isAvailable(): boolean;
  /** Asks the authenticator to create a passkey for these creation options. */
  create(options: PasskeyOptions): Promise<Result<PasskeyRegistrationCredential, PasskeyFailure>>;
  /** Asks for a signature with a passkey for these request options. */
  get(options: PasskeyOptions): Promise<Result<PasskeyAuthenticationCredential, PasskeyFailure>>;
}

/** A passkey step that ended in the browser, not at the API: the reason it gave no credential. */
export interface PasskeyRefusal {
  code: 'PASSKEY_CEREMONY';
  reason: PasskeyFailure;
}
