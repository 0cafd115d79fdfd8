import { err } from '../../src/contract/result';
import { loginViewModelOver } from '../builders/passkey-login';
import { aMember } from '../builders/session-user.builder';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { anAssertion, FakePasskeys } from '../fakes/fake-passkeys';

const settled = () => new Promise((resolve) => setImmediate(resolve));

function setUp(supported = true) {
  const http = new FakeHttp()
    .on('passkeyLoginOptions', answer({ options: { challenge: 'c' } }))
    .on('passkeyLogin', answer(aMember().buildLoginData('tok-pk')));
  const passkeys = new FakePasskeys();
  passkeys.supported = supported;
  return loginViewModelOver(http, passkeys);
}

describe('LoginViewModel with passkeys', () => {
  it('"Sign in with a passkey" logs the member in like a password and goes to /payment', async () => {
    const { session, notifier, navigation, vm } = setUp();
    expect(vm.passkeySupported).toBe(true);
    const signingIn = vm.signInWithPasskey();
    expect(vm.status).toBe('passkey');
    expect(vm.busy).toBe(true);
    await signingIn;
    expect(session.isAuthenticated).toBe(true);
    expect(notifier.last?.message).toEqual({ key: 'login.success' });
    expect(navigation.current).toBe('/payment');
  });

  it('says nothing of a dismissed prompt, and offers the autofill again', async () => {
    const { passkeys, notifier, navigation, vm } = setUp();
    passkeys.assertions.push(err('CANCELLED'));
    await vm.signInWithPasskey();
    await settled();
    expect(notifier.toasts).toEqual([]);
    expect(navigation.visits).toEqual([]);
    expect(vm.status).toBe('idle');
    expect(passkeys.isWaiting).toBe(true);
    vm.dispose();
    expect(passkeys.isWaiting).toBe(false);
  });

  it('tells a refused passkey and keeps the visitor on the page', async () => {
    const { http, session, notifier, vm } = setUp();
    http.on('passkeyLogin', failure('PASSKEY_REJECTED'));
    await vm.signInWithPasskey();
    expect(session.isAuthenticated).toBe(false);
    expect(notifier.last).toMatchObject({
      kind: 'error',
      message: { key: 'serverMessages.passkeyRejected' },
    });
  });

  it('signs in from the IC field autofill when the member picks a passkey', async () => {
    const { passkeys, session, navigation, vm } = setUp();
    passkeys.assertions.push({ ok: true, value: anAssertion() });
    await vm.startAutofill();
    expect(passkeys.requested.map((one) => one.autofill)).toEqual([true]);
    expect(session.isAuthenticated).toBe(true);
    expect(navigation.current).toBe('/payment');
  });

  it('leaving the page ends the waiting autofill request quietly', async () => {
    const { passkeys, notifier, vm } = setUp();
    const waiting = vm.startAutofill();
    await settled();
    expect(passkeys.isWaiting).toBe(true);
    vm.dispose();
    await waiting;
    expect(passkeys.cancelled).toBe(1);
    expect(notifier.toasts).toEqual([]);
  });

  it('a browser without WebAuthn gets no button and makes no request', async () => {
    const { http, passkeys, vm } = setUp(false);
    expect(vm.passkeySupported).toBe(false);
    await vm.signInWithPasskey();
    await vm.startAutofill();
    expect(http.calls).toEqual([]);
    expect(passkeys.requested).toEqual([]);
  });

  it('a browser without autofill for passkeys starts no waiting request', async () => {
    const { http, passkeys, vm } = setUp();
    passkeys.autofill = false;
    await vm.startAutofill();
    expect(http.calls).toEqual([]);
  });
});
