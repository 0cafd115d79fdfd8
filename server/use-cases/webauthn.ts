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
