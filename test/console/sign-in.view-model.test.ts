import { SignInViewModel } from '../../console/src/ui/screens/sign-in/sign-in.view-model';
import { ConsoleSessionViewModel } from '../../console/src/ui/shared/session.view-model';
import { consoleContainer } from './console-container.support';
import { answer, opsFailure, sessionFor } from './fake-ops-http';
import { flushPromises } from '../fakes/fake-clock';

async function setUp() {
  const setup = consoleContainer();
  setup.http.once('session', opsFailure('AUTH_REQUIRED'));
  const session = setup.container.get(ConsoleSessionViewModel);
  session.start();
  await flushPromises();
  return { ...setup, session, vm: setup.container.get(SignInViewModel) };
}

describe('SignInViewModel', () => {
  it('asks for all three fields before calling, and focuses the first one at fault', async () => {
    const { http, vm } = await setUp();
    vm.setEmail('not an address');
    vm.setCode('12a');
    expect(await vm.submit()).toBe(false);
    expect(vm.errors).toEqual({
      email: 'errors.emailFormat',
      password: 'errors.passwordRequired',
      totp_code: 'errors.codeFormat',
    });
    expect(vm.firstError).toBe('email');
    expect(http.callsTo('signIn')).toHaveLength(0);
  });

  it('signs in with the e-mail, password and code, and the session opens', async () => {
    const { clock, http, vm, session } = await setUp();
    http.on('signIn', answer(sessionFor('support', clock.now())));
    vm.setEmail(' support@ops.example ');
    vm.setPassword('a long enough password');
    vm.setCode('123 456');
    expect(await vm.submit()).toBe(true);
    expect(http.callsTo('signIn')[0].request).toEqual({
      email: 'support@ops.example',
      password: 'a long enough password',
      totp_code: '123456',
    });
    expect(session.signedIn).toBe(true);
    expect(session.operator?.role).toBe('support');
  });

  it('says the credentials are wrong by code, and keeps neither password nor code', async () => {
    const { http, vm, session } = await setUp();
    http.on('signIn', opsFailure('AUTH_INVALID_CREDENTIALS'));
    vm.setEmail('support@ops.example');
    vm.setPassword('a long enough password');
    vm.setCode('654321');
    expect(await vm.submit()).toBe(false);
    expect(vm.failure).toBe('errors.invalidCredentials');
    expect([vm.password, vm.code, vm.busy]).toEqual(['', '', false]);
    expect(session.signedIn).toBe(false);
  });

  it('tells a throttled operator to wait', async () => {
    const { http, vm } = await setUp();
    http.on('signIn', opsFailure('AUTH_TOO_MANY_ATTEMPTS'));
    vm.setEmail('support@ops.example');
    vm.setPassword('x');
    vm.setCode('111111');
    await vm.submit();
    expect(vm.failure).toBe('errors.tooMany');
  });
});
