import { BrowserPasskeyAdapter } from '../../console/src/adapters/browser-passkey.adapter';
import { WebAuthnPasskeyAdapter } from '../../src/adapters/webauthn-passkey.adapter';
import { isIpAddress, refusalReason } from '../../src/ui-kit/passkey-ceremony';

/**
 * The passkey ceremony is the UI kit's, run by the console's adapter and the member app's alike:
 * where passkeys can work, and the name of each refusal, are the same in both.
 */
function browserAt(hostname: string, refusal: Error) {
  class PublicKeyCredential {
    static parseCreationOptionsFromJSON = (json: unknown) => json;
    static parseRequestOptionsFromJSON = (json: unknown) => json;
    toJSON(): unknown {
      return {};
    }
  }
  const refuse = () => Promise.reject(refusal);
  return {
    PublicKeyCredential,
    isSecureContext: true,
    location: { hostname },
    navigator: { credentials: { create: refuse, get: refuse } },
  } as unknown as typeof globalThis;
}

const refusals: [string, Error][] = [
  ['a dismissed prompt', new DOMException('dismissed', 'NotAllowedError')],
  ['an address that cannot be the relying party', new DOMException('no', 'SecurityError')],
  ['an authenticator that does not support it', new Error('Operation is not supported')],
  ['anything else', new DOMException('already there', 'InvalidStateError')],
];

describe('the passkey ceremony both apps run', () => {
  it.each(refusals)('names %s the same in the console and the member app', async (_, error) => {
    const reason = refusalReason(error);
    const consoleAdapter = new BrowserPasskeyAdapter(browserAt('ops.example.my', error));
    const member = new WebAuthnPasskeyAdapter(browserAt('portal.example.my', error));
    await expect(consoleAdapter.create({ challenge: 'x' })).resolves.toEqual({
      ok: false,
      error: reason,
    });
    await expect(member.create({ challenge: 'x' })).resolves.toEqual({ ok: false, error: reason });
  });

  it('names a refusal by its words when the browser gives no name', () => {
    expect(refusalReason(new Error('Operation is not supported'))).toBe('NOT_SUPPORTED');
    expect(refusalReason({ code: 'ERROR_CEREMONY_ABORTED' })).toBe('CANCELLED');
    expect(refusalReason(null)).toBe('FAILED');
  });

  it('offers passkeys at a name in both apps, never at an IP address', () => {
    for (const host of ['127.0.0.1', '[::1]', '::1']) {
      expect(isIpAddress(host)).toBe(true);
      expect(new BrowserPasskeyAdapter(browserAt(host, new Error())).isAvailable()).toBe(false);
      expect(new WebAuthnPasskeyAdapter(browserAt(host, new Error())).isSupported()).toBe(false);
    }
    expect(new BrowserPasskeyAdapter(browserAt('localhost', new Error())).isAvailable()).toBe(true);
    expect(new WebAuthnPasskeyAdapter(browserAt('localhost', new Error())).isSupported()).toBe(
      true,
    );
  });
});
