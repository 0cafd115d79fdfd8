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

/** The library, a bundle of its own: fetched only by a browser without WebAuthn's JSON forms. */
const loadLibrary = (): Promise<WebAuthnLibrary> => import('@simplewebauthn/browser');

/**
 * The statics of PublicKeyCredential this adapter reads, each possibly missing: an older
 * browser has WebAuthn without its JSON forms, or without autofill.
 */
interface CredentialStatics {
  isConditionalMediationAvailable?: () => Promise<boolean>;
  parseCreationOptionsFromJSON?: (
    options: PublicKeyCredentialCreationOptionsJSON,
  ) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?: (
    options: PublicKeyCredentialRequestOptionsJSON,
  ) => PublicKeyCredentialRequestOptions;
  prototype?: { toJSON?: unknown };
}

/** What the native ceremonies need; toJSON() is checked on the prototype. */
type JsonForms = Required<
  Pick<CredentialStatics, 'parseCreationOptionsFromJSON' | 'parseRequestOptionsFromJSON'>
>;

/** A credential as the browser answers it; toJSON() gives the base64url form the API reads. */
interface JsonCredential {
  toJSON(): unknown;
}

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
    return (
      typeof this.statics() === 'function' &&
      this.scope.isSecureContext !== false &&
      !this.servedFromIpAddress()
    );
  }

  servedFromIpAddress(): boolean {
    const host = this.scope.location?.hostname ?? '';
    // An IPv4 address, or an IPv6 one (in brackets in a URL, bare in `hostname` on some browsers).
    return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');
  }

  async supportsAutofill(): Promise<boolean> {
    if (!this.isSupported()) return false;
    try {
      return (await this.statics()?.isConditionalMediationAvailable?.()) === true;
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
      const forms = this.jsonForms();
      const answer = forms ? jsonOf(await native(forms)) : await fallback(await this.load());
      return ok(answer as T);
    } catch (error) {
      return err(reasonOf(error));
    }
  }

  private statics(): CredentialStatics | undefined {
    return (this.scope as { PublicKeyCredential?: CredentialStatics }).PublicKeyCredential;
  }

  /** The browser's JSON forms, when it has all three (the options' parsers and toJSON()). */
  private jsonForms(): JsonForms | null {
    const statics = this.statics();
    return statics?.parseCreationOptionsFromJSON &&
      statics.parseRequestOptionsFromJSON &&
      typeof statics.prototype?.toJSON === 'function'
      ? (statics as JsonForms)
      : null;
  }

  /** The library's checks before an autofill request, with its messages (see reasonOf). */
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

/** The browser's answer in its JSON form; no credential at all is a failed ceremony. */
function jsonOf(credential: Credential | null): unknown {
  if (!credential) throw new Error('The ceremony was not completed');
  return (credential as unknown as JsonCredential).toJSON();
}

/** The browser's refusal, as the member needs to hear it. */
function reasonOf(error: unknown): PasskeyCeremonyFailure {
  // Read as fields, not through instanceof Error: a DOMException may come from another realm.
  const {
    name = '',
    code = '',
    message = '',
  } = (error as { name?: string; code?: string; message?: string } | null) ?? {};
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return 'CANCELLED';
  if (name === 'NotSupportedError' || /not support/i.test(message)) return 'NOT_SUPPORTED';
  // The page's address cannot be the relying party: an IP address, or not the site's own name.
  if (name === 'SecurityError') return 'ORIGIN_REFUSED';
  return 'FAILED';
}
