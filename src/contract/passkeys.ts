/**
 * Passkeys (WebAuthn): a member registers them after confirming the password, names, renames and
 * removes them, and signs in with one instead of IC and password. The options are the WebAuthn
 * JSON forms the browser library takes as they are; the answers are the browser's, encoded in
 * base64url.
 */

/** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON. */
export interface PasskeyOptionsResponse {
  options: { challenge: string } & Record<string, unknown>;
}

export interface PasskeyRegistrationOptionsRequest {
  password: string;
}

/** The browser's RegistrationResponseJSON (the fields the server reads). */
export interface PasskeyRegistrationCredential {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports?: string[] };
  authenticatorAttachment?: string;
  clientExtensionResults?: Record<string, unknown>;
}

export interface RegisterPasskeyRequest {
  name: string;
  credential: PasskeyRegistrationCredential;
}

/** The browser's AuthenticationResponseJSON (the fields the server reads). */
export interface PasskeyAuthenticationCredential {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  authenticatorAttachment?: string;
  clientExtensionResults?: Record<string, unknown>;
}

export interface PasskeyLoginRequest {
  credential: PasskeyAuthenticationCredential;
}

export interface PasskeyDto {
  passkey_id: string;
  name: string;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601; null before its first sign-in. */
  last_used_at: string | null;
}

export interface PasskeysResponse {
  passkeys: PasskeyDto[];
}

export interface RenamePasskeyRequest {
  passkey_id: string;
  name: string;
}

export interface RemovePasskeyRequest {
  passkey_id: string;
}

/**
 * The longest passkey name, trimmed, in Unicode code points: what the API's schema
 * (maxLength), the SPA's form and the database's check (length()) all count, so an emoji outside
 * the Basic Multilingual Plane is one character, never two halves.
 */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** A passkey name's length in code points (not UTF-16 units, which String#length counts). */
export function passkeyNameLength(name: string): number {
  let count = 0;
  for (const _codePoint of name) count += 1;
  return count;
}
