import type * as WebAuthnBrowser from '@simplewebauthn/browser';
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

  it('offers no passkeys at an IP address, and says why, but does at a name', () => {
    const at = (hostname: string) =>
      new WebAuthnPasskeyAdapter(
        scope({
          isSecureContext: true,
          location: { hostname },
          PublicKeyCredential: function PublicKeyCredential() {},
        }),
      );
    for (const address of ['127.0.0.1', '192.168.1.20', '[::1]', '::1']) {
      expect([address, at(address).isSupported(), at(address).servedFromIpAddress()]).toEqual([
        address,
        false,
        true,
      ]);
    }
    for (const name of ['localhost', 'portal.example.my']) {
      expect([name, at(name).isSupported(), at(name).servedFromIpAddress()]).toEqual([
        name,
        true,
        false,
      ]);
    }
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

/** What the fake browser was asked, and how it answers. */
interface Asked {
  parsed: Record<string, unknown>[];
  requests: (CredentialRequestOptions | CredentialCreationOptions)[];
}

const credentialAnswer = (json: object) => ({ toJSON: () => json });

/**
 * A browser with WebAuthn's JSON forms: parsing records its input, and each request waits until
 * `answer` is called or its signal aborts (rejecting with the signal's reason, as browsers do).
 */
function jsonFormsBrowser(inputs = 1) {
  const asked: Asked = { parsed: [], requests: [] };
  let settle: ((value: unknown) => void) | null = null;
  const credential = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: async () => true,
    parseRequestOptionsFromJSON: (json: Record<string, unknown>) => {
      asked.parsed.push(json);
      return { parsed: 'request', ...json };
    },
    parseCreationOptionsFromJSON: (json: Record<string, unknown>) => {
      asked.parsed.push(json);
      return { parsed: 'creation', ...json };
    },
  });
  credential.prototype.toJSON = () => ({});
  const wait = (request: CredentialRequestOptions | CredentialCreationOptions) => {
    asked.requests.push(request);
    return new Promise((resolve, reject) => {
      settle = resolve;
      request.signal?.addEventListener('abort', () => reject(request.signal?.reason));
    });
  };
  const window = scope({
    isSecureContext: true,
    PublicKeyCredential: credential,
    navigator: { credentials: { get: wait, create: wait } },
    document: { querySelectorAll: () => ({ length: inputs }) },
  });
  const answer = (value: unknown) => settle?.(value);
  return { window, asked, answer };
}

const noLibrary = () => Promise.reject(new Error('the library must not load'));
const OPTIONS = { challenge: 'c2lnbi1pbg', allowCredentials: [], rpId: 'localhost' };

describe('WebAuthnPasskeyAdapter with the browser JSON forms (no library)', () => {
  it('signs in through the autofill: a conditional request with an empty allow list', async () => {
    const browser = jsonFormsBrowser();
    const adapter = new WebAuthnPasskeyAdapter(browser.window, noLibrary);
    const pending = adapter.get(OPTIONS, { autofill: true });
    await new Promise((resolve) => setImmediate(resolve));
    browser.answer(credentialAnswer({ id: 'cred-1', type: 'public-key' }));
    expect(await pending).toEqual({ ok: true, value: { id: 'cred-1', type: 'public-key' } });
    expect(browser.asked.parsed).toEqual([OPTIONS]);
    const [request] = browser.asked.requests as CredentialRequestOptions[];
    expect(request.mediation).toBe('conditional');
    expect(request.publicKey).toEqual({ parsed: 'request', ...OPTIONS });
  });

  it('leaves an empty allow list out of a request the member started', async () => {
    const browser = jsonFormsBrowser();
    const adapter = new WebAuthnPasskeyAdapter(browser.window, noLibrary);
    const pending = adapter.get(OPTIONS, { autofill: false });
    await new Promise((resolve) => setImmediate(resolve));
    browser.answer(credentialAnswer({ id: 'cred-2' }));
    expect(await pending).toEqual({ ok: true, value: { id: 'cred-2' } });
    expect(browser.asked.parsed).toEqual([{ challenge: OPTIONS.challenge, rpId: 'localhost' }]);
    expect((browser.asked.requests[0] as CredentialRequestOptions).mediation).toBeUndefined();
  });

  it('creates a passkey from the creation options', async () => {
    const browser = jsonFormsBrowser();
    const adapter = new WebAuthnPasskeyAdapter(browser.window, noLibrary);
    const creation = { challenge: 'bmV3', user: { id: 'dXNlcg', name: 'm', displayName: 'm' } };
    const pending = adapter.create(creation);
    await new Promise((resolve) => setImmediate(resolve));
    browser.answer(credentialAnswer({ id: 'new-cred' }));
    expect(await pending).toEqual({ ok: true, value: { id: 'new-cred' } });
    expect(browser.asked.requests[0]).toMatchObject({ publicKey: { parsed: 'creation' } });
    const none = adapter.create(creation);
    await new Promise((resolve) => setImmediate(resolve));
    browser.answer(null);
    expect(await none).toEqual({ ok: false, error: 'FAILED' });
  });

  it("tells the browser's refusal of the page's address (SecurityError) from other failures", async () => {
    const refusing = (error: unknown) => {
      const browser = jsonFormsBrowser();
      const { credentials } = (browser.window as { navigator: { credentials: object } }).navigator;
      Object.assign(credentials, { create: () => Promise.reject(error) });
      return new WebAuthnPasskeyAdapter(browser.window, noLibrary);
    };
    const creation = { challenge: 'bmV3', user: { id: 'dXNlcg', name: 'm', displayName: 'm' } };
    // Chromium at http://127.0.0.1: an IP address is no relying party.
    const atIp = refusing(new DOMException('This is an invalid domain.', 'SecurityError'));
    expect(await atIp.create(creation)).toEqual({ ok: false, error: 'ORIGIN_REFUSED' });
    // A passkey of this account already on the authenticator stays a plain failure.
    const known = refusing(new DOMException('already registered', 'InvalidStateError'));
    expect(await known.create(creation)).toEqual({ ok: false, error: 'FAILED' });
  });

  it('a new request, or cancel(), ends the waiting one as CANCELLED', async () => {
    const browser = jsonFormsBrowser();
    const adapter = new WebAuthnPasskeyAdapter(browser.window, noLibrary);
    const autofill = adapter.get(OPTIONS, { autofill: true });
    await new Promise((resolve) => setImmediate(resolve));
    const button = adapter.get(OPTIONS, { autofill: false });
    expect(await autofill).toEqual({ ok: false, error: 'CANCELLED' });
    adapter.cancel();
    expect(await button).toEqual({ ok: false, error: 'CANCELLED' });
  });

  it('an autofill request needs autofill support and a webauthn input', async () => {
    const noInput = jsonFormsBrowser(0);
    expect(
      await new WebAuthnPasskeyAdapter(noInput.window, noLibrary).get(OPTIONS, { autofill: true }),
    ).toEqual({ ok: false, error: 'FAILED' });
    const noAutofill = jsonFormsBrowser();
    const statics = (noAutofill.window as { PublicKeyCredential: object }).PublicKeyCredential;
    Object.assign(statics, { isConditionalMediationAvailable: async () => false });
    expect(
      await new WebAuthnPasskeyAdapter(noAutofill.window, noLibrary).get(OPTIONS, {
        autofill: true,
      }),
    ).toEqual({ ok: false, error: 'NOT_SUPPORTED' });
    expect(noInput.asked.requests).toEqual([]);
    expect(noAutofill.asked.requests).toEqual([]);
  });
});

describe('WebAuthnPasskeyAdapter without the JSON forms (the library, loaded on demand)', () => {
  it("reads the library's WebAuthnError (the cause's name, its own code) like the browser's", async () => {
    const library = {
      startRegistration: async () => {
        throw Object.assign(new Error('127.0.0.1 is an invalid domain'), {
          name: 'SecurityError',
          code: 'ERROR_INVALID_DOMAIN',
        });
      },
    };
    const adapter = new WebAuthnPasskeyAdapter(
      scope({ isSecureContext: true, PublicKeyCredential: function PublicKeyCredential() {} }),
      async () => library as unknown as typeof WebAuthnBrowser,
    );
    expect(await adapter.create({ challenge: 'bmV3' })).toEqual({
      ok: false,
      error: 'ORIGIN_REFUSED',
    });
  });

  it('loads the library once and hands it the options', async () => {
    let loads = 0;
    const calls: unknown[] = [];
    const library = {
      startAuthentication: async (args: unknown) => {
        calls.push(args);
        return { id: 'from-library' };
      },
      startRegistration: async () => {
        throw Object.assign(new Error('refused'), { name: 'NotAllowedError' });
      },
      WebAuthnAbortService: { cancelCeremony: () => calls.push('cancelled') },
    };
    const load = async () => {
      loads += 1;
      return library as unknown as typeof WebAuthnBrowser;
    };
    const credential = function PublicKeyCredential() {};
    const adapter = new WebAuthnPasskeyAdapter(
      scope({ isSecureContext: true, PublicKeyCredential: credential }),
      load,
    );
    expect(await adapter.get(OPTIONS, { autofill: true })).toEqual({
      ok: true,
      value: { id: 'from-library' },
    });
    expect(await adapter.create({ challenge: 'bmV3' })).toEqual({ ok: false, error: 'CANCELLED' });
    adapter.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([{ optionsJSON: OPTIONS, useBrowserAutofill: true }, 'cancelled']);
    expect(loads).toBe(1);
  });
});
