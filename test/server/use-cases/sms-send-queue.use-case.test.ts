import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import {
  type SmsMessage,
  type SmsSender,
  type SmsSent,
} from '../../../server/ports/sms-sender.port';
import {
  SendSmsCodeUseCase,
  type SmsCodePolicy,
} from '../../../server/use-cases/send-sms-code.use-case';
import {
  type SmsAttemptOutcome,
  SmsSendQueueUseCase,
} from '../../../server/use-cases/sms-send-queue.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

const PEPPER = 'test pepper';
const POLICY: SmsCodePolicy = {
  ttlS: 300,
  resendCooldownS: 60,
  perPhonePerHour: 3,
  perAddressPerHour: 5,
  pepper: PEPPER,
  brand: 'ACME Club',
};

/** A provider that answers as told: each queued answer once (a status refuses), then accepts. */
class ScriptedProvider implements SmsSender {
  readonly received: SmsMessage[] = [];
  readonly answers: (number | 'timeout')[] = [];

  async send(message: SmsMessage): Promise<SmsSent> {
    this.received.push({ ...message });
    const answer = this.answers.shift();
    if (answer === 'timeout') throw new Error('timed out');
    if (answer !== undefined) {
      throw Object.assign(new Error(`HTTP ${answer}`), { httpStatus: answer });
    }
    return { providerMessageId: `SM${this.received.length}` };
  }
}

function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const provider = new ScriptedProvider();
  const outcomes: SmsAttemptOutcome[] = [];
  const queue = new SmsSendQueueUseCase(
    stores.unitOfWork,
    provider,
    clock,
    {
      pepper: PEPPER,
      maxAttempts: 3,
      retryDelayMs: 2000,
      leaseMs: 60_000,
      batch: 5,
      waitForSend: false,
    },
    (outcome) => outcomes.push(outcome),
  );
  const send = new SendSmsCodeUseCase(
    stores.unitOfWork,
    provider,
    clock,
    new CryptoRandom(),
    POLICY,
    undefined,
    queue,
  );
  return { ...stores, clock, provider, queue, send, outcomes };
}

const request = (phoneNo: string, purpose: 'registration' | 'password_reset' = 'registration') => ({
  phoneNo,
  purpose,
  clientAddress: '203.0.113.7',
});

/** Lets the drain the request nudged run to its end (in-memory: promises only). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('SMS send queue on in-memory stores', () => {
  it('answers before the provider is called, then sends once with the code id as reference', async () => {
    const { send, provider, smsCodes } = setUp();
    const answer = send.execute(request('60121234567'));
    expect(provider.received).toHaveLength(0);
    expect(await answer).toEqual({ ok: true, value: { expiresIn: 300 } });
    await settled();
    expect(provider.received).toHaveLength(1);
    const [message] = provider.received;
    expect(message.body).toMatch(/^RM0 ACME Club: .*\d{6}/);
    const code = await smsCodes.latest('60121234567', 'registration');
    expect(message.id).toBe(code?.id);
    const [delivery] = await smsCodes.recentDeliveries('60121234567', 5);
    expect(delivery).toMatchObject({ status: 'queued', error: null });
  });

  it('queues nothing for the decoy code of an unknown phone', async () => {
    const { send, provider, queue } = setUp();
    expect((await send.execute(request('60129999999', 'password_reset'))).ok).toBe(true);
    await settled();
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 0 });
    expect(provider.received).toHaveLength(0);
  });

  it('retries a 5xx and a timeout with backoff, the same reference each time', async () => {
    const { send, provider, queue, clock, outcomes } = setUp();
    provider.answers.push(503, 'timeout');
    await send.execute(request('60121234567'));
    await settled();
    expect(outcomes).toEqual(['retry']);
    // Not due before its pause (2 s), then due.
    await clock.advance(1999);
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 0 });
    await clock.advance(1);
    expect(await queue.run()).toEqual({ queued: 0, retried: 1, failed: 0 });
    // The second pause is twice the first.
    await clock.advance(3999);
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 0 });
    await clock.advance(1);
    expect(await queue.run()).toEqual({ queued: 1, retried: 0, failed: 0 });
    expect(provider.received).toHaveLength(3);
    expect(new Set(provider.received.map((m) => m.id)).size).toBe(1);
  });

  it('fails a message at once on a 4xx, and its resend is not held by the cooldown', async () => {
    const { send, provider, smsCodes } = setUp();
    provider.answers.push(400);
    await send.execute(request('60121234567'));
    await settled();
    const [failed] = await smsCodes.recentDeliveries('60121234567', 5);
    expect(failed).toMatchObject({ status: 'failed', error: 'HTTP 400' });
    expect(await send.execute(request('60121234567'))).toEqual({
      ok: true,
      value: { expiresIn: 300 },
    });
    await settled();
    expect(provider.received).toHaveLength(2);
  });

  it('marks a message failed after its attempts, then the resend works at once', async () => {
    const { send, provider, queue, clock, smsCodes } = setUp();
    provider.answers.push(500, 502, 503);
    await send.execute(request('60121234567'));
    await settled();
    await clock.advance(2000);
    await queue.run();
    await clock.advance(4000);
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 1 });
    const [failed] = await smsCodes.recentDeliveries('60121234567', 5);
    expect(failed).toMatchObject({ status: 'failed', error: 'HTTP 503' });
    expect((await send.execute(request('60121234567'))).ok).toBe(true);
    await settled();
    expect(provider.received).toHaveLength(4);
    expect(provider.received.at(-1)?.id).not.toBe(provider.received[0].id);
  });

  it('never resends an attempt cut short between the provider and the commit', async () => {
    const { unitOfWork, send, provider, queue, clock, smsCodes, members } = setUp();
    await members.insert(aMemberRow({ phoneNo: '60121234567' }));
    // The instance dies holding the claim: it was marked sending, and never settled.
    const hang = new FakeClock();
    const dying = new SmsSendQueueUseCase(unitOfWork, { send: () => hang.sleep(1e9) }, clock, {
      pepper: PEPPER,
      maxAttempts: 3,
      retryDelayMs: 2000,
      leaseMs: 60_000,
      batch: 5,
      waitForSend: false,
    });
    const sendNoNudge = new SendSmsCodeUseCase(
      unitOfWork,
      provider,
      clock,
      new CryptoRandom(),
      POLICY,
      undefined,
      dying,
    );
    await sendNoNudge.execute(request('60121234567', 'password_reset'));
    await settled();
    expect(provider.received).toHaveLength(0);
    // Within its lease the message is nobody else's; past it, it is failed, not sent.
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 0 });
    await clock.advance(60_000);
    expect(await queue.run()).toEqual({ queued: 0, retried: 0, failed: 1 });
    expect(provider.received).toHaveLength(0);
    const [delivery] = await smsCodes.recentDeliveries('60121234567', 5);
    expect(delivery).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect((await send.execute(request('60121234567', 'password_reset'))).ok).toBe(true);
  });
  it('fails a text sealed under another pepper rather than send what it cannot read', async () => {
    const { unitOfWork, provider, clock, smsCodes } = setUp();
    const policy = { maxAttempts: 3, retryDelayMs: 2000, leaseMs: 60_000, batch: 5 };
    // Queued by an instance on the old pepper that stopped before it could send.
    const old = new SmsSendQueueUseCase(unitOfWork, provider, clock, {
      ...policy,
      pepper: 'old pepper',
      waitForSend: false,
    });
    old.nudge = () => undefined;
    const send = new SendSmsCodeUseCase(
      unitOfWork,
      provider,
      clock,
      new CryptoRandom(),
      POLICY,
      undefined,
      old,
    );
    await send.execute(request('60121234567'));
    const current = new SmsSendQueueUseCase(unitOfWork, provider, clock, {
      ...policy,
      pepper: 'new pepper',
      waitForSend: false,
    });
    expect(await current.run()).toEqual({ queued: 0, retried: 0, failed: 1 });
    expect(provider.received).toHaveLength(0);
    const [delivery] = await smsCodes.recentDeliveries('60121234567', 5);
    expect(delivery).toMatchObject({ status: 'failed', error: 'unreadable' });
  });
});
