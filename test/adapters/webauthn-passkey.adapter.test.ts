import { WebAuthnPasskeyAdapter } from '../../src/adapters/webauthn-passkey.adapter';

/** A window as the adapter reads it: only what decides whether passkeys are offered. */
const scope = (fields: Record<string, unknown>) => fields as unknown as typeof globalThis;

describe('WebAuthnPasskeyAdapter support checks (no library loaded)', () => {
  it('has no passkeys without PublicKeyCredential or outside a secure context', async () => {
    const none = new WebAuthnPasskeyAdapter(scope({ isSecureContext: true }));
    expect(none.isSupported()).toBe(false);
    expect(await none.supportsAutofill()).toBe(false);
    const insecure = new WebAuthnPasskeyAdapter(
      scope({ isSecureContext: false, PublicKeyCredential: function PublicKeyCredential() {} }),
    );
    expect(insecure.isSupported()).toBe(false);
  });

  it('offers autofill only when the browser says conditional mediation is available', async () => {
    const credential = Object.assign(function PublicKeyCredential() {}, {
      isConditionalMediationAvailable: async () => true,
    });
    const adapter = new WebAuthnPasskeyAdapter(
      scope({ isSecureContext: true, PublicKeyCredential: credential }),
    );
    expect(adapter.isSupported()).toBe(true);
    expect(await adapter.supportsAutofill()).toBe(true);
    credential.isConditionalMediationAvailable = async () => {
      throw new Error('not here');
    };
    expect(await adapter.supportsAutofill()).toBe(false);
    const older = new WebAuthnPasskeyAdapter(
      scope({ isSecureContext: true, PublicKeyCredential: function PublicKeyCredential() {} }),
    );
    expect(await older.supportsAutofill()).toBe(false);
  });

  it('cancelling before any ceremony loads nothing and throws nothing', () => {
    const adapter = new WebAuthnPasskeyAdapter(scope({ isSecureContext: true }));
    expect(() => adapter.cancel()).not.toThrow();
  });
});
