import { pageWasReloaded } from '../../src/adapters/session-storage.adapter';
import { CheckPhoneUseCase } from '../../src/domain/use-cases/check-phone.use-case';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import {
  PENDING_SIGN_UP_MAX_AGE_MS,
  PendingSignUpUseCase,
} from '../../src/domain/use-cases/pending-sign-up.use-case';
import { RegisterUseCase } from '../../src/domain/use-cases/register.use-case';
import { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { SmsCodeLifecycleUseCase } from '../../src/domain/use-cases/sms-code-lifecycle.use-case';
import { SignUpViewModel } from '../../src/ui/screens/sign-up/sign-up.view-model';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

/** One tab: its session storage and clock outlive each page load (a view-model). */
function aTab() {
  const tab = {
    storage: new InMemoryStorage(),
    clock: new FakeClock(),
    http: new FakeHttp(),
    /** How the next page load came: a reload, or a fresh visit. */
    reloaded: true,
  };
  const load = () => {
    const notifier = new RecordingNotifier();
    const vm = new SignUpViewModel(
      new CheckPhoneUseCase(tab.http),
      new SmsCodeLifecycleUseCase(new SendSmsCodeUseCase(tab.http), tab.clock),
      new RegisterUseCase(tab.http),
      { notifier, navigation: new RecordingNavigation() },
      tab.clock,
      new PendingSignUpUseCase(tab.storage, tab.clock, () => tab.reloaded),
    );
    return { vm, notifier };
  };
  return Object.assign(tab, { load });
}

function fillDetails(vm: SignUpViewModel) {
  vm.setField('name', 'Siti Aminah');
  vm.setField('icOrPassport', '900101145678');
  vm.setField('phoneNo', '+60 12-345 6789');
  vm.setField('password', 'secret123');
  vm.setField('confirmPassword', 'secret123');
}

describe('sign-up through a reload of step 2', () => {
  async function onStep2ThenReload() {
    const tab = aTab();
    tab.http
      .on('userExists', answer({ can_proceed: true }))
      .on('sendSmsCode', answer({ expires_in: 300 }));
    const first = tab.load();
    fillDetails(first.vm);
    await first.vm.proceed();
    expect(first.vm.codeStep.step).toBe(2);
    await tab.clock.advance(20_000);
    first.vm.dispose(); // the page goes away
    return { tab, ...tab.load() };
  }

  it('comes back to step 2 with its countdowns where they were, and keeps no password', async () => {
    const { tab, vm } = await onStep2ThenReload();
    expect(vm.codeStep.step).toBe(2);
    expect(vm.codeStep.sentTo).toBe('60123456789');
    expect(vm.codeStep.timer.expiresIn).toBe('4:40');
    expect(vm.codeStep.timer.resendInSeconds).toBe(40);
    expect(vm.name).toBe('Siti Aminah');
    expect(vm.password).toBe('');
    expect(vm.passwordNeeded).toBe(true);
    const kept = tab.storage.get(StorageKeys.pendingSignUp) ?? '';
    expect(kept).toContain('900101145678');
    expect(kept).not.toContain('secret123');
    expect(tab.http.callsTo('sendSmsCode')).toHaveLength(1);
    vm.dispose();
  });

  it('asks for the password again, then registers with the code already received', async () => {
    const { tab, vm } = await onStep2ThenReload();
    tab.http.on('register', answer(undefined));
    vm.setCode(['1', '2', '3', '4', '5', '6']);
    await vm.submitCode();
    expect(vm.errors.password).toBe('validation.passwordRequired');
    expect(tab.http.callsTo('register')).toHaveLength(0);

    vm.setField('password', 'secret123');
    vm.setField('confirmPassword', 'secret123');
    await vm.submitCode();
    expect(tab.http.callsTo('register')[0].request).toMatchObject({
      phone_no: '60123456789',
      password: 'secret123',
      tac_code: '123456',
    });
    expect(tab.storage.get(StorageKeys.pendingSignUp)).toBeNull();
    vm.dispose();
  });

  it('starts at step 1 on a fresh visit to sign-up (not a reload) in the same tab', async () => {
    const { tab, vm } = await onStep2ThenReload();
    vm.dispose();
    tab.reloaded = false;
    const fresh = tab.load().vm;
    expect(fresh.codeStep.step).toBe(1);
    expect(fresh.name).toBe('');
  });

  it('starts at step 1 (details kept) once the kept code has expired', async () => {
    const { tab, vm } = await onStep2ThenReload();
    vm.dispose();
    await tab.clock.advance(300_000);
    const later = tab.load().vm;
    expect(later.codeStep.step).toBe(1);
    expect(later.icOrPassport).toBe('900101145678');
  });

  it('forgets a record older than an hour or one that does not read back', async () => {
    const tab = aTab();
    const pending = new PendingSignUpUseCase(tab.storage, tab.clock);
    tab.storage.set(StorageKeys.pendingSignUp, '{not json');
    expect(pending.recall()).toBeNull();
    pending.keep({
      name: 'A B',
      nationality: 'Malaysian',
      icOrPassport: '900101145678',
      phoneNo: '60123456789',
      sentTo: '60123456789',
      expiresAt: null,
      resendAt: null,
    });
    expect(pending.recall()).not.toBeNull();
    await tab.clock.advance(PENDING_SIGN_UP_MAX_AGE_MS + 1);
    expect(pending.recall()).toBeNull();
    expect(tab.storage.get(StorageKeys.pendingSignUp)).toBeNull();
  });
});

describe('Proceed refused because a code was just sent', () => {
  it('says how many seconds are left and goes on to step 2 to enter the code', async () => {
    const tab = aTab();
    tab.http
      .on('userExists', answer({ can_proceed: true }))
      .on('sendSmsCode', failure('SMS_COOLDOWN', { retryAfterSeconds: 42 }))
      .on('register', answer(undefined));
    const { vm, notifier } = tab.load();
    fillDetails(vm);
    await vm.proceed();

    expect(notifier.last?.message).toEqual({
      key: 'signUp.codeAlreadySent',
      values: { seconds: 42 },
    });
    expect(vm.codeStep.step).toBe(2);
    expect(vm.codeStep.expiryKnown).toBe(false);
    expect(vm.codeStep.timer.canResend).toBe(false);
    expect(vm.codeStep.timer.resendInSeconds).toBe(42);
    await tab.clock.advance(42_000);
    expect(vm.codeStep.timer.canResend).toBe(true);

    vm.setCode(['6', '5', '4', '3', '2', '1']);
    await vm.submitCode();
    expect(tab.http.callsTo('register')[0].request).toMatchObject({ tac_code: '654321' });
    vm.dispose();
  });

  it("keeps the code's known expiry when this tab sent it before losing step 2", async () => {
    const tab = aTab();
    tab.http
      .on('userExists', answer({ can_proceed: true }))
      .once('sendSmsCode', answer({ expires_in: 300 }))
      .on('sendSmsCode', failure('SMS_COOLDOWN', { retryAfterSeconds: 50 }));
    const first = tab.load().vm;
    fillDetails(first);
    await first.proceed();
    first.dispose();
    await tab.clock.advance(10_000);
    // The kept step was lost (say, the member went back to step 1 and pressed Proceed again).
    const again = tab.load().vm;
    again.codeStep.reached = false;
    fillDetails(again);
    await again.proceed();
    expect(again.codeStep.step).toBe(2);
    expect(again.codeStep.expiryKnown).toBe(true);
    expect(again.codeStep.timer.expiresIn).toBe('4:50');
    again.dispose();
  });
});

describe('pageWasReloaded', () => {
  const loadedBy = (type: string | undefined) => ({
    getEntriesByType: () =>
      (type === undefined ? [] : [{ type }]) as unknown as PerformanceEntryList,
  });

  it('is true after a reload or back and forward, false after a fresh visit or without timing', () => {
    expect(pageWasReloaded(loadedBy('reload'))).toBe(true);
    expect(pageWasReloaded(loadedBy('back_forward'))).toBe(true);
    expect(pageWasReloaded(loadedBy('navigate'))).toBe(false);
    expect(pageWasReloaded(loadedBy(undefined))).toBe(false);
    expect(pageWasReloaded(undefined)).toBe(false);
  });
});
