import type {
  PasskeyAuthenticationCredential,
  PasskeyRegistrationCredential,
} from '../../../src/contract/passkeys';
import { err, ok, type Result } from '../../../src/contract/result';
import type { PasskeyFailure, PasskeyOptions, PasskeyPort } from '../domain/ports/passkey.port';

/** The statics of PublicKeyCredential this adapter reads, each possibly missing. */
interface CredentialStatics {
  parseCreationOptionsFromJSON?: (
    options: PublicKeyCredentialCreationOptionsJSON,
  ) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?: (
    options: PublicKeyCredentialRequestOptionsJSON,
  ) => PublicKeyCredentialRequestOptions;
  prototype?: { toJSON?: unknown };
}

type JsonForms = Required<
  Pick<CredentialStatics, 'parseCreationOptionsFromJSON' | 'parseRequestOptionsFromJSON'>
>;

/** An IPv4 address, or an IPv6 one (bracketed in a URL, bare in `hostname` on some browsers). */
export const isIpAddress = (host: string): boolean =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');

/**
 * Passkeys through the browser's own WebAuthn JSON forms (parseCreationOptionsFromJSON,
 * parseRequestOptionsFromJSON and credential.toJSON(): current Chromium, Firefox and Safari), so
 * the console downloads no WebAuthn library. A browser without them is offered the authenticator
 * app only, as is a page opened at an IP address.
 */
export class BrowserPasskeyAdapter implements PasskeyPort {
  constructor(private readonly scope: typeof globalThis = globalThis) {}

  isAvailable(): boolean {
    return (
      this.jsonForms() !== null &&
      this.scope.isSecureContext !== false &&
      !isIpAddress(this.scope.location?.hostname ?? '')
    );
  }

  create(options: PasskeyOptions): Promise<Result<PasskeyRegistrationCredential, PasskeyFailure>> {
    return this.ceremony((forms) =>
      this.scope.navigator.credentials.create({
        publicKey: forms.parseCreationOptionsFromJSON(
          options as unknown as PublicKeyCredentialCreationOptionsJSON,
        ),
      }),
    );
  }

  get(options: PasskeyOptions): Promise<Result<PasskeyAuthenticationCredential, PasskeyFailure>> {
    const json = { ...options } as unknown as PublicKeyCredentialRequestOptionsJSON;
    // Some authenticators refuse an empty allow list instead of offering every passkey.
    if (json.allowCredentials?.length === 0) delete json.allowCredentials;
    return this.ceremony((forms) =>
      this.scope.navigator.credentials.get({
        publicKey: forms.parseRequestOptionsFromJSON(json),
      }),
    );
  }

  /** One ceremony; its answer's toJSON() is the credential the API reads (base64url). */
  private async ceremony<T>(
    run: (forms: JsonForms) => Promise<Credential | null>,
  ): Promise<Result<T, PasskeyFailure>> {
    const forms = this.jsonForms();
    if (forms === null) return err('NOT_SUPPORTED');
    try {
      const credential = await run(forms);
      if (!credential) return err('CANCELLED');
      return ok((credential as unknown as { toJSON(): unknown }).toJSON() as T);
    } catch (error) {
      return err(reasonOf(error));
    }
  }

  private jsonForms(): JsonForms | null {
    const statics = (this.scope as { PublicKeyCredential?: CredentialStatics }).PublicKeyCredential;
    return statics?.parseCreationOptionsFromJSON &&
      statics.parseRequestOptionsFromJSON &&
      typeof statics.prototype?.toJSON === 'function'
      ? (statics as JsonForms)
      : null;
  }
}

/** The browser's refusal, read by its fields (a DOMException may come from another realm). */
function reasonOf(error: unknown): PasskeyFailure {
  const { name = '' } = (error as { name?: string } | null) ?? {};
  if (name === 'NotAllowedError' || name === 'AbortError') return 'CANCELLED';
  if (name === 'NotSupportedError') return 'NOT_SUPPORTED';
  if (name === 'SecurityError') return 'ORIGIN_REFUSED';
  return 'FAILED';
}
