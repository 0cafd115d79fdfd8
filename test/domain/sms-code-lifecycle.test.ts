import {
  formatCountdown,
  SmsCodeLifecycleUseCase,
  type SmsCodeCountdown,
} from '../../src/domain/use-cases/sms-code-lifecycle.use-case';
import { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { emptyCode } from '../../src/ui/components/code-input';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';

const registration = { phoneNo: '60123456789', purpose: 'registration' as const };

function setUp() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const lifecycle = new SmsCodeLifecycleUseCase(new SendSmsCodeUseCase(http), clock);
  const seen: SmsCodeCountdown[] = [];
  lifecycle.subscribe((countdown) => seen.push(countdown));
  return { http, clock, lifecycle, seen };
}

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [7, '0:07'],
    [0, '0:00'],
    [-3, '0:00'],
    [0.2, '0:01'],
  ])('%p s -> %p', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

it('emptyCode is one empty box per code character', () => {
  expect(emptyCode()).toEqual(['', '', '', '', '', '']);
});

describe('SmsCodeLifecycleUseCase', () => {
  it('before any send: nothing counts down, Resend is open and no timer runs', () => {
    const { lifecycle, clock } = setUp();
    expect(lifecycle.state).toEqual({
      secondsLeft: 0,
      expiresIn: '0:00',
      expired: false,
      resendInSeconds: 0,
      canResend: true,
    });
    expect(clock.pendingTimers).toBe(0);
  });

  it('sends, counts the lifetime down each second and keeps resend closed for the 60 s cooldown', async () => {
    const { http, clock, lifecycle, seen } = setUp();
    http.on('sendSmsCode', answer({ expires_in: 300 }));

    const sent = await lifecycle.execute(registration);

    expect(http.callsTo('sendSmsCode')[0].request).toEqual({
      phone_no: '60123456789',
      purpose: 'registration',
    });
    expect(sent).toEqual({ ok: true, value: expect.objectContaining({ expiresIn: '5:00' }) });
    expect(lifecycle.state.canResend).toBe(false);
    expect(seen).toHaveLength(1);

    await clock.advance(1000);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ expiresIn: '4:59', resendInSeconds: 59 });

    await clock.advance(59_000);
    expect(lifecycle.state).toMatchObject({ canResend: true, expiresIn: '4:00' });

    await clock.advance(240_000);
    expect(lifecycle.state.expired).toBe(true);
    expect(seen[seen.length - 1].expired).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('resends with a fresh lifetime and a fresh cooldown', async () => {
    const { http, clock, lifecycle } = setUp();
    http.on('sendSmsCode', answer({ expires_in: 300 }));
    await lifecycle.execute(registration);
    await clock.advance(90_000);
    expect(lifecycle.state).toMatchObject({ expiresIn: '3:30', canResend: true });

    await lifecycle.execute(registration);

    expect(lifecycle.state).toMatchObject({ expiresIn: '5:00', resendInSeconds: 60 });
    expect(http.callsTo('sendSmsCode')).toHaveLength(2);
    lifecycle.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it("a refused send with Retry-After keeps Resend closed that long (the server's word)", async () => {
    const { http, clock, lifecycle } = setUp();
    http.on('sendSmsCode', failure('SMS_COOLDOWN', { retryAfterSeconds: 90 }));

    const sent = await lifecycle.execute(registration);

    expect(sent).toEqual({
      ok: false,
      error: { key: 'signUp.sendFailed', code: 'SMS_COOLDOWN', retryAfterSeconds: 90 },
    });
    await clock.advance(60_000);
    expect(lifecycle.state).toMatchObject({ canResend: false, resendInSeconds: 30 });
    await clock.advance(30_000);
    expect(lifecycle.state.canResend).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a failed send without Retry-After leaves Resend open and starts no timer', async () => {
    const { http, clock, lifecycle } = setUp();
    http.failNetwork('sendSmsCode');
    const sent = await lifecycle.execute({ phoneNo: '60123456789', purpose: 'password_reset' });
    expect(sent).toEqual({
      ok: false,
      error: { key: 'forgotPassword.sendFailed', code: 'NO_ANSWER' },
    });
    expect(lifecycle.state.canResend).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('dispose stops the ticking', async () => {
    const { http, clock, lifecycle, seen } = setUp();
    http.on('sendSmsCode', answer({ expires_in: 300 }));
    await lifecycle.execute(registration);
    lifecycle.dispose();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(5000);
    expect(seen).toHaveLength(1);
  });
});
