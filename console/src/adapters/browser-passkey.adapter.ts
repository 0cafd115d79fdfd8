import type {
  PasskeyAuthenticationCredential,
  PasskeyRegistrationCredential,
} from '../../../src/contract/passkeys';
import { err, ok, type Result } from '../../../src/contract/result';
import {
  credentialJson,
  jsonFormsOf,
  passkeyPageAllowed,
  refusalReason,
  type JsonForms,
} from '../../../src/ui-kit/passkey-ceremony';
import type { PasskeyFailure, PasskeyOptions, PasskeyPort } from '../domain/ports/passkey.port';

/**
 * Passkeys through the browser's own WebAuthn JSON forms (the UI kit's passkey ceremony, which
 * the member app runs too), so the console downloads no WebAuthn library. A browser without them
 * is offered the authenticator app only, as is a page opened at an IP address.
 */
export class BrowserPasskeyAdapter implements PasskeyPort {
  constructor(private readonly scope: typeof globalThis = globalThis) {}

  isAvailable(): boolean {
    return jsonFormsOf(this.scope) !== null && passkeyPageAllowed(this.scope);
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
    const forms = jsonFormsOf(this.scope);
    if (forms === null) return err('NOT_SUPPORTED');
    try {
      const credential = await run(forms);
      // No credential and no error: the prompt was closed.
      if (!credential) return err('CANCELLED');
      return ok(credentialJson(credential) as T);
    } catch (error) {
      return err(refusalReason(error));
    }
  }
}
