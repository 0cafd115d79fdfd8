import type * as SimpleWebAuthn from '@simplewebauthn/server';

let loading: Promise<typeof SimpleWebAuthn> | undefined;

/**
 * @simplewebauthn/server, loaded at the first passkey ceremony instead of at every start: with the
 * certificate parsers it brings it is about 0.7 MB of JavaScript, which a server process or a test
 * app that never sees a passkey would otherwise load and compile.
 */
export function webauthn(): Promise<typeof SimpleWebAuthn> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}

/**
 * The COSE algorithms a passkey may be made with, in order of preference: EdDSA (-8), ES256 (-7),
 * RS256 (-257). Fixed here rather than left to @simplewebauthn/server, whose default puts the
 * post-quantum ML-DSA-44 first wherever the runtime offers it (Node 24, as an experimental Web
 * Crypto algorithm): Chromium then makes ML-DSA passkeys whose sign-in signatures this server
 * failed to verify, so a passkey registered there could never sign in.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];
