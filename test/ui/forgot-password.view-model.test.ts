import { ResetPasswordUseCase } from '../../src/domain/use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { SmsCodeLifecycleUseCase } from '../../src/domain/use-cases/sms-code-lifecycle.use-case';
import {
  ForgotPasswordViewModel,
  REDIRECT_AFTER_RESET_MS,
  RESET_TOAST_MS,
} from '../../src/ui/screens/forgot-password/forgot-password.view-model';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

function setUp() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  const vm = new ForgotPasswordViewModel(
    new SmsCodeLifecycleUseCase(new SendSmsCodeUseCase(http), clock),
    new ResetPasswordUseCase(http),
    { notifier, navigation },
    clock,
  );
  return { http, clock, notifier, navigation, vm };
}

async function onStep2() {
  const context = setUp();
  context.http.on('sendSmsCode', answer({ expires_in: 300 }));
  context.vm.setPhone('60123456789');
  await context.vm.sendCode();
  context.notifier.toasts.length = 0;
  return context;
}

function fillReset(vm: ForgotPasswordViewModel, code = '654321') {
  vm.setCode(code.split(''));
  vm.setField('newPassword', 'newpass12');
  vm.setField('confirmPassword', 'newpass12');
}

describe('ForgotPasswordViewModel', () => {
  it.each([
    ['', 'validation.resetPhoneRequired'],
    ['601234567', 'validation.phoneInvalid'],
  ])('rejects the phone %p without calling', async (phone, key) => {
    const { http, vm } = setUp();
    vm.setPhone(phone);
    await vm.sendCode();
    expect(vm.phoneError).toBe(key);
    expect(http.calls).toHaveLength(0);
  });

  it('sends a password_reset code, toasts for 5 s and moves to step 2', async () => {
    const { http, notifier, vm } = setUp();
    http.on('sendSmsCode', answer({ expires_in: 300 }));
    vm.setPhone('60123456789');

    const sending = vm.sendCode();
    expect(vm.status).toBe('sending');
    await sending;

    expect(http.calls[0].request).toEqual({ phone_no: '60123456789', purpose: 'password_reset' });
    expect(notifier.toasts).toEqual([
      {
        kind: 'success',
        message: { key: 'forgotPassword.codeSent', values: { time: '5:00' } },
        autoCloseMs: RESET_TOAST_MS,
      },
    ]);
    expect(vm.codeStep.step).toBe(2);
    vm.dispose();
  });

  it('stays on step 1 with the send failure toast', async () => {
    const { http, notifier, vm } = setUp();
    http.failNetwork('sendSmsCode');
    vm.setPhone('60123456789');
    await vm.sendCode();
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'forgotPassword.sendFailed' },
      autoCloseMs: 5000,
    });
    expect(vm.codeStep.step).toBe(1);
  });

  it('counts down and allows Resend only after the cooldown', async () => {
    const { http, clock, notifier, vm } = await onStep2();
    expect(vm.codeStep.timer.expiresIn).toBe('5:00');
    await vm.sendCode();
    expect(http.callsTo('sendSmsCode')).toHaveLength(1);

    await clock.advance(60_000);
    expect(vm.codeStep.timer.expiresIn).toBe('4:00');
    await vm.sendCode();

    expect(http.callsTo('sendSmsCode')).toHaveLength(2);
    expect(notifier.last?.message).toEqual({
      key: 'forgotPassword.codeResent',
      values: { time: '5:00' },
    });
    vm.dispose();
  });

  it('toasts an incomplete code first, then an empty password, without calling', async () => {
    const { http, notifier, vm } = await onStep2();
    vm.setCode(['1', '2', '3', '', '', '']);
    await vm.reset();
    vm.setCode(['1', '2', '3', '4', '5', '6']);
    await vm.reset();
    expect(notifier.toasts.map((t) => t.message)).toEqual([
      { key: 'validation.smsCodeIncomplete' },
      { key: 'validation.newPasswordEmpty' },
    ]);
    expect(vm.errors.newPassword).toBe('validation.newPasswordRequired');
    expect(http.callsTo('resetPassword')).toHaveLength(0);
    vm.dispose();
  });

  it('shows mismatched confirmation inline without calling', async () => {
    const { http, vm } = await onStep2();
    fillReset(vm);
    vm.setField('confirmPassword', 'different1');
    await vm.reset();
    expect(vm.errors.confirmPassword).toBe('validation.passwordsMustMatch');
    expect(http.callsTo('resetPassword')).toHaveLength(0);
    vm.dispose();
  });

  it('resets, toasts for 5 s and goes to /login after 2 s', async () => {
    const { http, clock, notifier, navigation, vm } = await onStep2();
    http.on('resetPassword', answer(undefined));
    fillReset(vm);

    await vm.reset();

    expect(http.callsTo('resetPassword')[0].request).toEqual({
      phone_no: '60123456789',
      tac_code: '654321',
      new_password: 'newpass12',
    });
    expect(notifier.last).toEqual({
      kind: 'success',
      message: { key: 'forgotPassword.resetSuccess' },
      autoCloseMs: 5000,
    });
    await clock.advance(REDIRECT_AFTER_RESET_MS - 1);
    expect(navigation.visits).toEqual([]);
    await clock.advance(1);
    expect(navigation.visits).toEqual([{ path: '/login', replace: false }]);
    expect(clock.pendingTimers).toBe(0);
  });

  it("shows the failure code's text or the fallback when the reset fails", async () => {
    const { http, notifier, vm } = await onStep2();
    http.once('resetPassword', failure('SMS_CODE_WRONG')).failNetwork('resetPassword');
    fillReset(vm);
    await vm.reset();
    await vm.reset();
    expect(notifier.toasts.map((t) => t.message)).toEqual([
      { key: 'serverMessages.codeWrong' },
      { key: 'forgotPassword.resetFailed' },
    ]);
    expect(vm.status).toBe('idle');
    vm.dispose();
  });
});
