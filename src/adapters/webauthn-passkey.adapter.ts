import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import type {
  PasskeyAuthenticationCredential,
  PasskeyRegistrationCredential,
} from '../contract/passkeys';
import { err, ok, type Result } from '../contract/result';
import {
  credentialJson,
  credentialStatics,
  isIpAddress,
  jsonFormsOf,
  passkeyPageAllowed,
  refusalReason,
  type JsonForms,
} from '../ui-kit/passkey-ceremony';
import type {
  PasskeyCeremonyFailure,
  PasskeyOptions,
  PasskeyPort,
} from '../domain/ports/passkey.port';

type WebAuthnLibrary = typeof WebAuthnBrowser;

/** The library, a bundle of its own: fetched only by a browser without WebAuthn's JSON forms. */
const loadLibrary = (): Promise<WebAuthnLibrary> => import('@simplewebauthn/browser');

/**
 * Passkeys through the browser's own WebAuthn JSON forms (parseCreationOptionsFromJSON,
 * parseRequestOptionsFromJSON and credential.toJSON(): Chromium, Firefox and recent Safari), so a
 * ceremony downloads nothing. A browser without them gets @simplewebauthn/browser, loaded only
 * when a ceremony starts (a dynamic import, not part of /login's first load). Whether the browser
 * has WebAuthn at all is read from the window directly, so deciding to show the passkey buttons
 * loads nothing. One ceremony at a time: a new one, or cancel(), ends the one waiting.
 */
export class WebAuthnPasskeyAdapter implements PasskeyPort {
  private library: Promise<WebAuthnLibrary> | null = null;
  private waiting: AbortController | null = null;

  constructor(
    private readonly scope: typeof globalThis = globalThis,
    private readonly loadFallback: () => Promise<WebAuthnLibrary> = loadLibrary,
  ) {}

  isSupported(): boolean {
    return typeof credentialStatics(this.scope) === 'function' && passkeyPageAllowed(this.scope);
  }

  servedFromIpAddress(): boolean {
    return isIpAddress(this.scope.location?.hostname ?? '');
  }

  async supportsAutofill(): Promise<boolean> {
    if (!this.isSupported()) return false;
    try {
      return (await credentialStatics(this.scope)?.isConditionalMediationAvailable?.()) === true;
    } catch {
      return false;
    }
  }

  create(
    options: PasskeyOptions,
  ): Promise<Result<PasskeyRegistrationCredential, PasskeyCeremonyFailure>> {
    return this.ceremony(
      (forms) => {
        const publicKey = forms.parseCreationOptionsFromJSON(
          options as unknown as PublicKeyCredentialCreationOptionsJSON,
        );
        return this.scope.navigator.credentials.create({ publicKey, signal: this.nextSignal() });
      },
      (library) =>
        library.startRegistration({
          optionsJSON: options as unknown as WebAuthnBrowser.PublicKeyCredentialCreationOptionsJSON,
        }),
    );
  }

  get(
    options: PasskeyOptions,
    mode: { autofill: boolean },
  ): Promise<Result<PasskeyAuthenticationCredential, PasskeyCeremonyFailure>> {
    return this.ceremony(
      async (forms) => {
        if (mode.autofill) await this.checkAutofill();
        const json = { ...options } as unknown as PublicKeyCredentialRequestOptionsJSON;
        // Autofill needs an empty allow list; an empty one is otherwise left out, as the library
        // does (some authenticators refuse an empty list instead of offering every passkey).
        if (mode.autofill) json.allowCredentials = [];
        else if (json.allowCredentials?.length === 0) delete json.allowCredentials;
        return this.scope.navigator.credentials.get({
          publicKey: forms.parseRequestOptionsFromJSON(json),
          signal: this.nextSignal(),
          ...(mode.autofill ? { mediation: 'conditional' as const } : {}),
        });
      },
      (library) =>
        library.startAuthentication({
          optionsJSON: options as unknown as WebAuthnBrowser.PublicKeyCredentialRequestOptionsJSON,
          useBrowserAutofill: mode.autofill,
        }),
    );
  }

  cancel(): void {
    this.waiting?.abort(abortError('Manually cancelling the waiting WebAuthn request'));
    this.waiting = null;
    // Nothing can be waiting in the library before it has loaded.
    void this.library?.then((library) => library.WebAuthnAbortService.cancelCeremony());
  }

  /**
   * One ceremony: through the browser's JSON forms when it has them (its answer's toJSON() is
   * the credential), else through the library; a refusal becomes the failure the member hears.
   * Both take and give the WebAuthn JSON forms the API sends and reads (PasskeyOptions, the
   * contract's credentials), which the DOM and the library type in their own names.
   */
  private async ceremony<T>(
    native: (forms: JsonForms) => Promise<Credential | null>,
    fallback: (library: WebAuthnLibrary) => Promise<unknown>,
  ): Promise<Result<T, PasskeyCeremonyFailure>> {
    try {
      const forms = jsonFormsOf(this.scope);
      const answer = forms
        ? credentialJson(await native(forms))
        : await fallback(await this.load());
      return ok(answer as T);
    } catch (error) {
      return err(refusalReason(error));
    }
  }

  /** The library's checks before an autofill request, with its messages (see the kit's refusalReason). */
  private async checkAutofill(): Promise<void> {
    if (!(await this.supportsAutofill())) throw new Error('Browser does not support autofill');
    if (this.scope.document.querySelectorAll("input[autocomplete$='webauthn']").length === 0) {
      throw new Error('No <input> with "webauthn" as the last value of its autocomplete');
    }
  }

  /** Ends the ceremony still waiting, if any, and gives the new one its signal. */
  private nextSignal(): AbortSignal {
    this.waiting?.abort(abortError('Cancelling the waiting WebAuthn request for a new one'));
    this.waiting = new AbortController();
    return this.waiting.signal;
  }

  private load(): Promise<WebAuthnLibrary> {
    this.library ??= this.loadFallback();
    return this.library;
  }
}

const abortError = (message: string) => new DOMException(message, 'AbortError');
