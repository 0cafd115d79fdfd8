import { EnrolmentViewModel } from '../../console/src/ui/screens/enrolment/enrolment.view-model';
import { err } from '../../src/contract/result';
import { aRegistration } from '../fakes/fake-passkeys';
import { consoleContainer } from './console-container.support';
import { answer, opsFailure } from './fake-ops-http';

const TOKEN = 'enrolment-token-0123456789';
const OPTIONS = { challenge: 'ZW5yb2w', rp: { id: 'localhost', name: 'Console' } };
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
  const vm = setup.container.get(EnrolmentViewModel);
  await vm.load(`#token=${TOKEN}`);
  return { ...setup, vm };
}

describe('EnrolmentViewModel with a passkey', () => {
  it('starts on the authenticator app, and offers a passkey only where the browser can', async () => {
    const { passkeys, vm } = await started();
    expect([vm.phase, vm.method, vm.passkeyAvailable]).toEqual(['ready', 'totp', true]);
    passkeys.available = false;
    expect(vm.passkeyAvailable).toBe(false);
    vm.setMethod('passkey');
    expect(vm.method).toBe('totp');
  });

  it('needs the password twice but no code, then creates the passkey and finishes', async () => {
    const { http, passkeys, vm } = await started();
    http.on('enrolmentPasskeyOptions', answer({ options: OPTIONS }));
    http.on('enrolmentFinishPasskey', answer(null));
    vm.setMethod('passkey');
    vm.setPassword(PASSWORD);
    vm.setConfirmation('something else entirely');
    await vm.submit();
    expect(vm.errors).toEqual({ confirmation: 'errors.passwordMismatch' });
    expect(http.callsTo('enrolmentPasskeyOptions')).toHaveLength(0);

    vm.setConfirmation(PASSWORD);
    await vm.submit();
    expect(vm.errors).toEqual({});
    expect(http.callsTo('enrolmentPasskeyOptions')[0].request).toEqual({ token: TOKEN });
    expect(passkeys.created).toEqual([OPTIONS]);
    expect(http.callsTo('enrolmentFinishPasskey')[0].request).toEqual({
      token: TOKEN,
      password: PASSWORD,
      credential: aRegistration(),
    });
    expect(http.callsTo('enrolmentFinish')).toHaveLength(0);
    expect([vm.phase, vm.password, vm.confirmation]).toEqual(['done', '', '']);
  });

  it('stays on the form, saying why, when the browser creates no passkey', async () => {
    const { http, passkeys, vm } = await started();
    http.on('enrolmentPasskeyOptions', answer({ options: OPTIONS }));
    passkeys.creations.push(err('CANCELLED'));
    vm.setMethod('passkey');
    vm.setPassword(PASSWORD);
    vm.setConfirmation(PASSWORD);
    await vm.submit();
    expect([vm.phase, vm.failure, vm.busy]).toEqual(['ready', 'errors.passkeyCancelled', false]);
    expect(http.callsTo('enrolmentFinishPasskey')).toHaveLength(0);
  });

  it('says an expired or used link is not valid before asking the browser', async () => {
    const { http, passkeys, vm } = await started();
    http.on('enrolmentPasskeyOptions', opsFailure('OPS_ENROLMENT_INVALID'));
    vm.setMethod('passkey');
    vm.setPassword(PASSWORD);
    vm.setConfirmation(PASSWORD);
    await vm.submit();
    expect(vm.failure).toBe('errors.enrolmentInvalid');
    expect(passkeys.created).toHaveLength(0);
  });

  it('says a passkey the API refused was not accepted', async () => {
    const { http, vm } = await started();
    http.on('enrolmentPasskeyOptions', answer({ options: OPTIONS }));
    http.on('enrolmentFinishPasskey', opsFailure('PASSKEY_REJECTED'));
    vm.setMethod('passkey');
    vm.setPassword(PASSWORD);
    vm.setConfirmation(PASSWORD);
    await vm.submit();
    expect([vm.phase, vm.failure]).toEqual(['ready', 'errors.passkeyRejected']);
  });

  it('still finishes with the app and its code when that is the choice', async () => {
    const { http, vm } = await started();
    http.on('enrolmentFinish', answer(null));
    vm.setMethod('passkey');
    vm.setMethod('totp');
    vm.setPassword(PASSWORD);
    vm.setConfirmation(PASSWORD);
    await vm.submit();
    expect(vm.errors).toEqual({ totp_code: 'errors.codeRequired' });
    vm.setCode('123456');
    await vm.submit();
    expect(http.callsTo('enrolmentFinish')[0].request).toEqual({
      token: TOKEN,
      password: PASSWORD,
      totp_code: '123456',
    });
    expect(vm.phase).toBe('done');
  });

  it("says in the operator's language that the server found the password too easy to guess", async () => {
    const { http, vm } = await started();
    http.on('enrolmentFinish', opsFailure('OPS_PASSWORD_WEAK', { field: 'password' }));
    vm.setPassword('111111111111');
    vm.setConfirmation('111111111111');
    vm.setCode('123456');
    await vm.submit();
    expect([vm.phase, vm.failure]).toEqual(['ready', 'errors.passwordWeak']);
  });
});
