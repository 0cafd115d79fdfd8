import { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { SmsCodeLifecycleUseCase } from '../../src/domain/use-cases/sms-code-lifecycle.use-case';
import { CodeStep } from '../../src/ui/components/code-step';
import { FakeClock } from '../fakes/fake-clock';
import { answer, FakeHttp } from '../fakes/fake-http';

function setUp() {
  const http = new FakeHttp().on('sendSmsCode', answer({ expires_in: 300 }));
  const clock = new FakeClock();
  const step = new CodeStep(
    new SmsCodeLifecycleUseCase(new SendSmsCodeUseCase(http), clock),
    clock,
  );
  return { http, clock, step };
}

describe('CodeStep (the code step of sign-up and reset)', () => {
  it('shows the countdown the lifecycle reports, tick by tick', async () => {
    const { clock, step } = setUp();
    await step.send({ phoneNo: '60123456789', purpose: 'registration' });
    expect(step.timer).toMatchObject({ expiresIn: '5:00', canResend: false });
    await clock.advance(1000);
    expect(step.timer).toMatchObject({ expiresIn: '4:59', resendInSeconds: 59 });
    step.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('empties the boxes once a code is sent', async () => {
    const { step } = setUp();
    step.setCode(['1', '2', '3', '4', '5', '6']);
    expect(step.value).toBe('123456');
    await step.send({ phoneNo: '60123456789', purpose: 'registration' });
    expect(step.code).toEqual(['', '', '', '', '', '']);
    step.dispose();
  });

  it('finish stops the countdown and runs the redirect after the delay; dispose cancels it', async () => {
    const { clock, step } = setUp();
    await step.send({ phoneNo: '60123456789', purpose: 'registration' });
    let redirected = 0;
    step.finish(2000, () => redirected++);
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(2000);
    expect(redirected).toBe(1);
    expect(clock.pendingTimers).toBe(0);

    step.finish(2000, () => redirected++);
    step.dispose();
    await clock.advance(2000);
    expect(redirected).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });
});
