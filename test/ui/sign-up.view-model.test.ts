import { CheckPhoneUseCase } from '../../src/domain/use-cases/check-phone.use-case';
import { PendingSignUpUseCase } from '../../src/domain/use-cases/pending-sign-up.use-case';
import { RegisterUseCase } from '../../src/domain/use-cases/register.use-case';
import { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { SmsCodeLifecycleUseCase } from '../../src/domain/use-cases/sms-code-lifecycle.use-case';
import {
  REDIRECT_AFTER_REGISTRATION_MS,
  SignUpViewModel,
} from '../../src/ui/screens/sign-up/sign-up.view-model';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';
import { InMemoryStorage } from '../fakes/in-memory-storage';

function setUp() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  const vm = new SignUpViewModel(
    new CheckPhoneUseCase(http),
    new SmsCodeLifecycleUseCase(new SendSmsCodeUseCase(http), clock),
    new RegisterUseCase(http),
    { notifier, navigation },
    clock,
    new PendingSignUpUseCase(new InMemoryStorage(), clock),
  );
  return { http, clock, notifier, navigation, vm };
}

function fillDetails(vm: SignUpViewModel) {
  vm.setField('name', 'Siti Aminah');
  vm.setField('icOrPassport', '900101145678');
  vm.setField('phoneNo', '+60 12-345 6789');
  vm.setField('password', 'secret123');
  vm.setField('confirmPassword', 'secret123');
}

const canProceed = answer({ can_proceed: true });
const codeSent = answer({ expires_in: 300 });

describe('SignUpViewModel step 1', () => {
  it('starts on step 1 with Malaysian chosen', () => {
    const { vm } = setUp();
    expect(vm.codeStep.step).toBe(1);
    expect(vm.nationality).toBe('Malaysian');
  });

  it('validates first and calls nothing when invalid', async () => {
    const { http, vm } = setUp();
    await vm.proceed();
    expect(vm.errors).toEqual({
      name: 'validation.nameRequired',
      icOrPassport: 'validation.icRequired',
      phoneNo: 'validation.phoneRequired',
      password: 'validation.passwordRequired',
      confirmPassword: 'validation.confirmPasswordRequired',
    });
    expect(http.calls).toHaveLength(0);
  });

  it('checks the phone, sends a registration code, toasts the expiry and moves to step 2', async () => {
    const { http, notifier, vm } = setUp();
    http.on('userExists', canProceed).on('sendSmsCode', codeSent);
    fillDetails(vm);

    const proceeding = vm.proceed();
    expect(vm.status).toBe('verifying');
    await proceeding;

    expect(http.calls.map((c) => c.endpoint)).toEqual(['userExists', 'sendSmsCode']);
    expect(http.calls[1].request).toEqual({ phone_no: '60123456789', purpose: 'registration' });
    expect(notifier.toasts).toEqual([
      {
        kind: 'success',
        message: { key: 'signUp.otpSent', values: { time: '5:00' } },
        autoCloseMs: undefined,
      },
    ]);
    expect(vm.codeStep.step).toBe(2);
    expect(vm.status).toBe('idle');
    expect(vm.codeStep.sentTo).toBe('60123456789');
    vm.dispose();
  });

  it.each([
    [
      'a taken phone',
      answer({ can_proceed: false, reason: 'MEMBER_PHONE_TAKEN' as const }),
      { key: 'signUp.phoneTaken' },
    ],
    [
      'a taken IC/passport',
      answer({ can_proceed: false, reason: 'MEMBER_IC_TAKEN' as const }),
      { key: 'serverMessages.icTaken' },
    ],
    ['no reason given', answer({ can_proceed: false }), { key: 'signUp.phoneTaken' }],
    ['a refused query', failure('RATE_LIMITED'), { key: 'serverMessages.tooManyRequests' }],
  ])('stays on step 1 and sends no code on %s', async (_case, reply, toast) => {
    const { http, notifier, vm } = setUp();
    http.on('userExists', reply);
    fillDetails(vm);
    await vm.proceed();
    expect(notifier.last).toEqual({ kind: 'error', message: toast, autoCloseMs: undefined });
    expect(http.callsTo('sendSmsCode')).toHaveLength(0);
    expect(vm.codeStep.step).toBe(1);
    expect(vm.status).toBe('idle');
  });

  it('toasts "failed to verify" when the phone check call fails', async () => {
    const { http, notifier, vm } = setUp();
    http.failNetwork('userExists');
    fillDetails(vm);
    await vm.proceed();
    expect(notifier.last?.message).toEqual({ key: 'signUp.phoneCheckFailed' });
    expect(vm.codeStep.step).toBe(1);
  });

  it('stays on step 1 when the code cannot be sent', async () => {
    const { http, notifier, vm } = setUp();
    http.on('userExists', canProceed).failNetwork('sendSmsCode');
    fillDetails(vm);
    await vm.proceed();
    expect(notifier.last?.message).toEqual({ key: 'signUp.sendFailed' });
    expect(vm.codeStep.step).toBe(1);
  });
});

describe('SignUpViewModel step 2', () => {
  async function onStep2() {
    const context = setUp();
    context.http.on('userExists', canProceed).on('sendSmsCode', codeSent);
    fillDetails(context.vm);
    await context.vm.proceed();
    context.notifier.toasts.length = 0;
    return context;
  }

  it('counts the expiry down through the clock', async () => {
    const { clock, vm } = await onStep2();
    expect(vm.codeStep.timer.expiresIn).toBe('5:00');
    await clock.advance(61_000);
    expect(vm.codeStep.timer.expiresIn).toBe('3:59');
    vm.dispose();
  });

  it('keeps Resend closed for 60 s, then resends and toasts', async () => {
    const { http, clock, notifier, vm } = await onStep2();
    await vm.resend();
    expect(http.callsTo('sendSmsCode')).toHaveLength(1);

    await clock.advance(60_000);
    expect(vm.codeStep.timer.canResend).toBe(true);
    await vm.resend();

    expect(http.callsTo('sendSmsCode')).toHaveLength(2);
    expect(notifier.last?.message).toEqual({ key: 'signUp.otpResent', values: { time: '5:00' } });
    expect(vm.codeStep.timer.canResend).toBe(false);
    vm.dispose();
  });

  it("waits the server's Retry-After after a refused resend", async () => {
    const { http, clock, notifier, vm } = await onStep2();
    await clock.advance(60_000);
    http.once('sendSmsCode', failure('SMS_COOLDOWN', { retryAfterSeconds: 120 }));
    await vm.resend();
    expect(notifier.last?.message).toEqual({ key: 'serverMessages.codeCooldown' });
    await clock.advance(119_000);
    expect(vm.codeStep.timer.canResend).toBe(false);
    await clock.advance(1_000);
    expect(vm.codeStep.timer.canResend).toBe(true);
    vm.dispose();
  });

  it('asks for the complete code before registering', async () => {
    const { http, notifier, vm } = await onStep2();
    vm.setCode(['1', '2', '3', '', '', '']);
    await vm.submitCode();
    expect(vm.codeError).toBe('validation.otpIncomplete');
    expect(notifier.last?.message).toEqual({ key: 'validation.otpIncomplete' });
    expect(http.callsTo('register')).toHaveLength(0);
    vm.dispose();
  });

  it('registers, toasts, and goes to /login after 2 s, leaving no timer behind', async () => {
    const { http, clock, notifier, navigation, vm } = await onStep2();
    http.on('register', answer(undefined));
    vm.setCode(['1', '2', '3', '4', '5', '6']);

    const registering = vm.submitCode();
    expect(vm.status).toBe('registering');
    await registering;

    expect(http.callsTo('register')[0].request).toEqual({
      name: 'Siti Aminah',
      nationality: 'Malaysian',
      ic_or_passport: '900101145678',
      phone_no: '60123456789',
      password: 'secret123',
      tac_code: '123456',
    });
    expect(notifier.last).toEqual({
      kind: 'success',
      message: { key: 'signUp.registered' },
      autoCloseMs: undefined,
    });
    await clock.advance(REDIRECT_AFTER_REGISTRATION_MS - 1);
    expect(navigation.visits).toEqual([]);
    await clock.advance(1);
    expect(navigation.visits).toEqual([{ path: '/login', replace: false }]);
    expect(clock.pendingTimers).toBe(0);
  });

  it("shows the failure code's text when registration fails and stays on step 2", async () => {
    const { http, notifier, navigation, vm } = await onStep2();
    http.on('register', failure('SMS_CODE_EXPIRED', { field: 'tac_code' }));
    vm.setCode(['1', '2', '3', '4', '5', '6']);
    await vm.submitCode();
    expect(notifier.last?.message).toEqual({ key: 'serverMessages.codeExpired' });
    expect(vm.codeStep.step).toBe(2);
    expect(vm.status).toBe('idle');
    expect(navigation.visits).toEqual([]);
    vm.dispose();
  });

  it('dispose cancels the countdown and a pending redirect', async () => {
    const { http, clock, navigation, vm } = await onStep2();
    http.on('register', answer(undefined));
    vm.setCode(['1', '2', '3', '4', '5', '6']);
    await vm.submitCode();
    vm.dispose();
    await clock.advance(REDIRECT_AFTER_REGISTRATION_MS);
    expect(navigation.visits).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });
});
