/**
 * The browser's side of a passkey ceremony as both apps run it: WebAuthn's own JSON forms
 * (parseCreationOptionsFromJSON, parseRequestOptionsFromJSON and credential.toJSON(): current
 * Chromium, Firefox and Safari), where passkeys can work at all, and the browser's refusals in the
 * four words the apps tell apart. Each app's passkey adapter runs its ceremonies through these.
 */

/** Why the browser gave no credential (each app's passkey port names the same four). */
export type PasskeyRefusalReason = 'CANCELLED' | 'NOT_SUPPORTED' | 'ORIGIN_REFUSED' | 'FAILED';

/** The statics of PublicKeyCredential read here, each possibly missing on an older browser. */
export interface CredentialStatics {
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
export type JsonForms = Required<
  Pick<CredentialStatics, 'parseCreationOptionsFromJSON' | 'parseRequestOptionsFromJSON'>
>;

/** An IPv4 address, or an IPv6 one (bracketed in a URL, bare in `hostname` on some browsers). */
export const isIpAddress = (host: string): boolean =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');

/** The page's PublicKeyCredential, if the browser has WebAuthn at all. */
export const credentialStatics = (scope: typeof globalThis): CredentialStatics | undefined =>
  (scope as { PublicKeyCredential?: CredentialStatics }).PublicKeyCredential;

/**
 * Whether passkeys can work on this page whatever the browser can do: a secure context opened
 * at a name (WebAuthn takes the site's name as its relying party, never an address).
 */
export const passkeyPageAllowed = (scope: typeof globalThis): boolean =>
  scope.isSecureContext !== false && !isIpAddress(scope.location?.hostname ?? '');

/** The browser's JSON forms, when it has all three (the options' parsers and toJSON()). */
export function jsonFormsOf(scope: typeof globalThis): JsonForms | null {
  const statics = credentialStatics(scope);
  return statics?.parseCreationOptionsFromJSON &&
    statics.parseRequestOptionsFromJSON &&
    typeof statics.prototype?.toJSON === 'function'
    ? (statics as JsonForms)
    : null;
}

/** The browser's answer in its JSON form (base64url, what the API reads); none is a failure. */
export function credentialJson(credential: Credential | null): unknown {
  if (!credential) throw new Error('The ceremony was not completed');
  return (credential as unknown as { toJSON(): unknown }).toJSON();
}

/** The browser's refusal, as a person needs to hear it. */
export function refusalReason(error: unknown): PasskeyRefusalReason {
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
