import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import type {
  PasskeyAuthenticationCredential,
  PasskeyRegistrationCredential,
} from '../contract/passkeys';
import { err, ok, type Result } from '../contract/result';
import type {
  PasskeyCeremonyFailure,
  PasskeyOptions,
  PasskeyPort,
} from '../domain/ports/passkey.port';

type WebAuthnLibrary = typeof WebAuthnBrowser;

/**
 * Passkeys through @simplewebauthn/browser, loaded only when a ceremony starts (a dynamic
 * import: the library is its own bundle, not part of /login's first load). Whether the browser
 * has WebAuthn at all is read from the window directly, so deciding to show the passkey buttons
 * loads nothing.
 */
export class WebAuthnPasskeyAdapter implements PasskeyPort {
  private library: Promise<WebAuthnLibrary> | null = null;

  constructor(private readonly scope: typeof globalThis = globalThis) {}

  isSupported(): boolean {
    const credential = (this.scope as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    return typeof credential === 'function' && this.scope.isSecureContext !== false;
  }

  async supportsAutofill(): Promise<boolean> {
    if (!this.isSupported()) return false;
    const credential = this.scope.PublicKeyCredential as {
      isConditionalMediationAvailable?: () => Promise<boolean>;
    };
    try {
      return (await credential.isConditionalMediationAvailable?.()) === true;
    } catch {
      return false;
    }
  }

  async create(
    options: PasskeyOptions,
  ): Promise<Result<PasskeyRegistrationCredential, PasskeyCeremonyFailure>> {
    try {
      const { startRegistration } = await this.load();
      const answer = await startRegistration({
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      return ok(answer as unknown as PasskeyRegistrationCredential);
    } catch (error) {
      return err(reasonOf(error));
    }
  }

  async get(
    options: PasskeyOptions,
    mode: { autofill: boolean },
  ): Promise<Result<PasskeyAuthenticationCredential, PasskeyCeremonyFailure>> {
    try {
      const { startAuthentication } = await this.load();
      const answer = await startAuthentication({
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
        useBrowserAutofill: mode.autofill,
      });
      return ok(answer as unknown as PasskeyAuthenticationCredential);
    } catch (error) {
      return err(reasonOf(error));
    }
  }

  cancel(): void {
    // Nothing can be waiting before the library has loaded.
    void this.library?.then((library) => library.WebAuthnAbortService.cancelCeremony());
  }

  private load(): Promise<WebAuthnLibrary> {
    this.library ??= import('@simplewebauthn/browser');
    return this.library;
  }
}

/** The browser's refusal, as the member needs to hear it. */
function reasonOf(error: unknown): PasskeyCeremonyFailure {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code ?? '';
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return 'CANCELLED';
  if (
    name === 'NotSupportedError' ||
    /not support/i.test(error instanceof Error ? error.message : '')
  )
    return 'NOT_SUPPORTED';
  return 'FAILED';
}
