import { EnrolmentViewModel } from '../../console/src/ui/screens/enrolment/enrolment.view-model';
import { SignInViewModel } from '../../console/src/ui/screens/sign-in/sign-in.view-model';
import { ConsoleSessionViewModel } from '../../console/src/ui/shared/session.view-model';
import { flushPromises } from '../fakes/fake-clock';
import { consoleContainer } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';

const TOKEN = 'enrolment-token-0123456789';
const PASSWORD = 'a long enough password';

async function started() {
  const setup = consoleContainer();
  setup.http.on(
    'enrolmentStart',
    answer({
      name: 'Nur',
      email: 'nur@ops.example',
      role: 'support' as const,
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totp_uri: 'otpauth://totp/Console:nur?secret=JBSWY3DPEHPK3PXP',
    }),
  );
  setup.http.once('session', opsFailure('AUTH_REQUIRED'));
  setup.container.get(ConsoleSessionViewModel).start();
  await flushPromises();
  const vm = setup.container.get(EnrolmentViewModel);
  await vm.load(`#token=${TOKEN}`);
  vm.setPassword(PASSWORD);
  vm.setConfirmation(PASSWORD);
  return { ...setup, vm };
}

describe('enrolment with an authenticator app: the code', () => {
  it('marks the code field when the first code is refused, not the whole form', async () => {
    const { http, vm } = await started();
    http.on('enrolmentFinish', opsFailure('VALIDATION_FAILED', { field: 'totp_code' }));
    vm.setCode('123456');
    await vm.submit();
    expect([vm.phase, vm.errors, vm.failure, vm.code, vm.busy]).toEqual([
      'ready',
      { totp_code: 'errors.codeNotAccepted' },
      null,
      '',
      false,
    ]);
  });

  it('asks to wait for the next code when sign-in is given the code enrolment just used', async () => {
    const { clock, http, vm, container } = await started();
    http.on('enrolmentFinish', answer(null));
    vm.setCode('246810');
    await vm.submit();
    expect(vm.phase).toBe('done');

    const signIn = container.get(SignInViewModel);
    signIn.setEmail('nur@ops.example');
    signIn.setPassword(PASSWORD);
    signIn.setCode('246 810');
    expect(await signIn.submit()).toBe(false);
    expect(signIn.errors).toEqual({ totp_code: 'errors.codeJustUsed' });
    expect(http.callsTo('signIn')).toHaveLength(0);

    // The app's next code is sent; the same digits are again once the spent code has passed.
    http.on('signIn', opsFailure('AUTH_INVALID_CREDENTIALS'));
    signIn.setPassword(PASSWORD);
    signIn.setCode('135790');
    await signIn.submit();
    expect(http.callsTo('signIn')).toHaveLength(1);
    await clock.advance(91_000);
    signIn.setPassword(PASSWORD);
    signIn.setCode('246810');
    await signIn.submit();
    expect(http.callsTo('signIn')).toHaveLength(2);
  });
});
