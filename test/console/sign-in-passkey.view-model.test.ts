import { SignInViewModel } from '../../console/src/ui/screens/sign-in/sign-in.view-model';
import { ConsoleSessionViewModel } from '../../console/src/ui/shared/session.view-model';
import { err } from '../../src/contract/result';
import { flushPromises } from '../fakes/fake-clock';
import { anAssertion } from '../fakes/fake-passkeys';
import { consoleContainer } from './console-container.support';
import { answer, opsFailure, sessionFor } from './fake-ops-http';

const OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', allowCredentials: [] };

async function setUp() {
  const setup = consoleContainer();
  setup.http.once('session', opsFailure('AUTH_REQUIRED'));
  const session = setup.container.get(ConsoleSessionViewModel);
  session.start();
  await flushPromises();
  const vm = setup.container.get(SignInViewModel);
  return { ...setup, session, vm };
}

describe('SignInViewModel with a passkey', () => {
  it('offers a passkey only where the browser can use one', async () => {
    const { passkeys, vm } = await setUp();
    expect(vm.passkeyAvailable).toBe(true);
    passkeys.available = false;
    expect(vm.passkeyAvailable).toBe(false);
    vm.setMode('passkey');
    expect(vm.mode).toBe('code');
  });

  it('asks for e-mail and password, not a code, then signs in with the passkey', async () => {
    const { clock, http, passkeys, vm, session } = await setUp();
    http.on('signInPasskeyOptions', answer({ options: OPTIONS }));
    http.on('signInPasskey', answer(sessionFor('viewer', clock.now())));
    vm.setCode('12');
    vm.setMode('passkey');
    expect(vm.code).toBe('');
    expect(await vm.submit()).toBe(false);
    expect(vm.errors).toEqual({
      email: 'errors.emailRequired',
      password: 'errors.passwordRequired',
    });
    expect(http.callsTo('signInPasskeyOptions')).toHaveLength(0);

    vm.setEmail(' viewer@ops.example ');
    vm.setPassword('a long enough password');
    expect(await vm.submit()).toBe(true);
    expect(http.callsTo('signInPasskeyOptions')[0].request).toEqual({
      email: 'viewer@ops.example',
      password: 'a long enough password',
    });
    expect(passkeys.requested).toEqual([OPTIONS]);
    expect(http.callsTo('signInPasskey')[0].request).toEqual({
      email: 'viewer@ops.example',
      credential: anAssertion(),
    });
    expect(http.callsTo('signIn')).toHaveLength(0);
    expect(session.signedIn).toBe(true);
    expect(http.csrf).toBe(`csrf-${clock.now()}`);
    expect(vm.password).toBe('');
  });

  it('asks the browser nothing after a wrong password', async () => {
    const { http, passkeys, vm, session } = await setUp();
    http.on('signInPasskeyOptions', opsFailure('AUTH_INVALID_CREDENTIALS'));
    vm.setMode('passkey');
    vm.setEmail('viewer@ops.example');
    vm.setPassword('not the password');
    expect(await vm.submit()).toBe(false);
    expect(vm.failure).toBe('errors.invalidCredentials');
    expect(passkeys.requested).toHaveLength(0);
    expect(http.callsTo('signInPasskey')).toHaveLength(0);
    expect(session.signedIn).toBe(false);
  });

  it.each([
    ['CANCELLED', 'errors.passkeyCancelled'],
    ['ORIGIN_REFUSED', 'errors.passkeyOrigin'],
    ['FAILED', 'errors.passkeyFailed'],
  ] as const)('says why the browser gave no passkey (%s)', async (reason, text) => {
    const { http, passkeys, vm, session } = await setUp();
    http.on('signInPasskeyOptions', answer({ options: OPTIONS }));
    passkeys.assertions.push(err(reason));
    vm.setMode('passkey');
    vm.setEmail('viewer@ops.example');
    vm.setPassword('a long enough password');
    expect(await vm.submit()).toBe(false);
    expect([vm.failure, vm.busy]).toEqual([text, false]);
    expect(http.callsTo('signInPasskey')).toHaveLength(0);
    expect(session.signedIn).toBe(false);
  });

  it('says a passkey the API refused was not accepted', async () => {
    const { http, vm, session } = await setUp();
    http.on('signInPasskeyOptions', answer({ options: OPTIONS }));
    http.on('signInPasskey', opsFailure('PASSKEY_REJECTED'));
    vm.setMode('passkey');
    vm.setEmail('viewer@ops.example');
    vm.setPassword('a long enough password');
    expect(await vm.submit()).toBe(false);
    expect(vm.failure).toBe('errors.passkeyRejected');
    expect(session.signedIn).toBe(false);
  });

  it('goes back to the code, which the code sign-in needs again', async () => {
    const { http, vm } = await setUp();
    vm.setMode('passkey');
    vm.setMode('code');
    vm.setEmail('viewer@ops.example');
    vm.setPassword('a long enough password');
    expect(await vm.submit()).toBe(false);
    expect(vm.errors).toEqual({ totp_code: 'errors.codeRequired' });
    expect(http.calls.filter((c) => c.endpoint !== 'session')).toHaveLength(0);
  });
});
