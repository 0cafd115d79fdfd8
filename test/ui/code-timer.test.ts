import { CodeTimer, emptyCode, formatCountdown } from '../../src/ui/app/code-timer';
import { FakeClock } from '../fakes/fake-clock';

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

describe('CodeTimer', () => {
  it('counts the code lifetime down and keeps resend closed for the 60 s cooldown', async () => {
    const clock = new FakeClock();
    const timer = new CodeTimer(clock);
    timer.codeSent(300);
    expect(timer.expiresIn).toBe('5:00');
    expect(timer.canResend).toBe(false);

    await clock.advance(1000);
    expect(timer.expiresIn).toBe('4:59');
    expect(timer.resendInSeconds).toBe(59);

    await clock.advance(59_000);
    expect(timer.canResend).toBe(true);
    expect(timer.expiresIn).toBe('4:00');

    await clock.advance(240_000);
    expect(timer.expired).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it("honours the server's Retry-After", async () => {
    const clock = new FakeClock();
    const timer = new CodeTimer(clock);
    timer.waitBeforeResend(90);
    await clock.advance(60_000);
    expect(timer.canResend).toBe(false);
    expect(timer.resendInSeconds).toBe(30);
    await clock.advance(30_000);
    expect(timer.canResend).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('after a failed send, waits only when the server said how long', () => {
    const clock = new FakeClock();
    const timer = new CodeTimer(clock);
    timer.sendFailed({ key: 'x' });
    expect(timer.canResend).toBe(true);
    timer.sendFailed({ key: 'x', retryAfterSeconds: 45 });
    expect(timer.resendInSeconds).toBe(45);
    timer.dispose();
  });

  it('dispose stops the ticking', () => {
    const clock = new FakeClock();
    const timer = new CodeTimer(clock);
    timer.codeSent(300);
    timer.dispose();
    expect(clock.pendingTimers).toBe(0);
  });
});
