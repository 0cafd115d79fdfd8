import { BrowserPasskeyAdapter } from '../../console/src/adapters/browser-passkey.adapter';
import { aRegistration, anAssertion } from '../fakes/fake-passkeys';

interface Asked {
  create: CredentialCreationOptions[];
  get: CredentialRequestOptions[];
}

/**
 * A window at `hostname` whose PublicKeyCredential has the JSON forms (or not), and whose
 * navigator.credentials answers `answer` (a credential's JSON, or a thrown DOMException).
 */
function browserAt(hostname: string, answer: unknown, jsonForms = true) {
  const asked: Asked = { create: [], get: [] };
  class PublicKeyCredential {
    toJSON(): unknown {
      return answer;
    }
    static parseCreationOptionsFromJSON = jsonForms
      ? (json: unknown) => ({ parsed: 'creation', json })
      : undefined;
    static parseRequestOptionsFromJSON = jsonForms
      ? (json: unknown) => ({ parsed: 'request', json })
      : undefined;
  }
  const respond = async () => {
    if (answer instanceof DOMException) throw answer;
    return new PublicKeyCredential();
  };
  const scope = {
    PublicKeyCredential,
    isSecureContext: true,
    location: { hostname },
    navigator: {
      credentials: {
        create: (options: CredentialCreationOptions) => (asked.create.push(options), respond()),
        get: (options: CredentialRequestOptions) => (asked.get.push(options), respond()),
      },
    },
  };
  return { adapter: new BrowserPasskeyAdapter(scope as unknown as typeof globalThis), asked };
}

describe('BrowserPasskeyAdapter', () => {
  it('is available at a name, never at an IP address or without the JSON forms', () => {
    expect(browserAt('localhost', null).adapter.isAvailable()).toBe(true);
    expect(browserAt('ops.example.my', null).adapter.isAvailable()).toBe(true);
    expect(browserAt('127.0.0.1', null).adapter.isAvailable()).toBe(false);
    expect(browserAt('[::1]', null).adapter.isAvailable()).toBe(false);
    expect(browserAt('::1', null).adapter.isAvailable()).toBe(false);
    expect(browserAt('localhost', null, false).adapter.isAvailable()).toBe(false);
    expect(new BrowserPasskeyAdapter({} as typeof globalThis).isAvailable()).toBe(false);
  });

  it("creates through the browser's parsed options and answers the credential's JSON", async () => {
    const { adapter, asked } = browserAt('localhost', aRegistration());
    const options = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost' } };
    await expect(adapter.create(options)).resolves.toEqual({ ok: true, value: aRegistration() });
    expect(asked.create[0].publicKey).toEqual({ parsed: 'creation', json: options });
  });

  it('asks for a passkey without an empty allow list', async () => {
    const { adapter, asked } = browserAt('localhost', anAssertion());
    const options = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], rpId: 'localhost' };
    await expect(adapter.get(options)).resolves.toEqual({ ok: true, value: anAssertion() });
    expect(asked.get[0].publicKey).toEqual({
      parsed: 'request',
      json: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' },
    });
    expect(options.allowCredentials).toEqual([]);
  });

  it.each([
    ['NotAllowedError', 'CANCELLED'],
    ['AbortError', 'CANCELLED'],
    ['SecurityError', 'ORIGIN_REFUSED'],
    ['NotSupportedError', 'NOT_SUPPORTED'],
    ['InvalidStateError', 'FAILED'],
  ])("names the browser's %s as %s", async (name, reason) => {
    const { adapter } = browserAt('localhost', new DOMException('refused', name));
    await expect(adapter.get({ challenge: 'x' })).resolves.toEqual({ ok: false, error: reason });
    await expect(adapter.create({ challenge: 'x' })).resolves.toEqual({ ok: false, error: reason });
  });

  it('asks nothing of a browser without the JSON forms', async () => {
    const { adapter, asked } = browserAt('localhost', anAssertion(), false);
    await expect(adapter.get({ challenge: 'x' })).resolves.toEqual({
      ok: false,
      error: 'NOT_SUPPORTED',
    });
    expect(asked.get).toHaveLength(0);
  });
});
