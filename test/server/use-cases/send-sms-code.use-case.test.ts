import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { RecordingSmsSender } from '../../../server/adapters/in-memory/recording-sms-sender.adapter';
import { hashSmsCode, SMS_WINDOW_MS } from '../../../server/domain/sms-code-policy';
import {
  SendSmsCodeUseCase,
  type SmsCodePolicy,
} from '../../../server/use-cases/send-sms-code.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

const PEPPER = 'test pepper';
const POLICY: SmsCodePolicy = {
  ttlS: 300,
  resendCooldownS: 60,
  perPhonePerHour: 3,
  perAddressPerHour: 5,
  pepper: PEPPER,
};

function setUp(policy: Partial<SmsCodePolicy> = {}) {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const sms = new RecordingSmsSender(clock);
  const send = new SendSmsCodeUseCase(stores.unitOfWork, sms, clock, new CryptoRandom(), {
    ...POLICY,
    ...policy,
  });
  return { ...stores, clock, sms, send };
}

const request = (phoneNo: string, purpose: 'registration' | 'password_reset' = 'registration') => ({
  phoneNo,
  purpose,
  clientAddress: '203.0.113.7',
});

describe('SendSmsCodeUseCase on in-memory stores', () => {
  it('sends a 6-digit code and stores only its hash', async () => {
    const { send, sms, smsCodes, clock } = setUp();
    expect(await send.execute(request('60121234567'))).toEqual({
      ok: true,
      value: { expiresIn: 300 },
    });
    const code = sms.lastCode('60121234567', 'registration');
    expect(code).toMatch(/^\d{6}$/);
    expect(sms.sent[0].body).toContain(`code is ${code}`);
    const stored = await smsCodes.latest('60121234567', 'registration');
    expect(stored).toMatchObject({
      codeHash: hashSmsCode(PEPPER, '60121234567', 'registration', code ?? ''),
      attempts: 0,
      expiresAt: new Date(clock.now() + 300_000),
      consumedAt: null,
    });
  });

  it('refuses a second code within the cooldown, with the seconds left', async () => {
    const { send, clock, sms } = setUp();
    await send.execute(request('60121234567'));
    await clock.advance(45_000);
    expect(await send.execute(request('60121234567'))).toEqual({
      ok: false,
      error: { code: 'SMS_COOLDOWN', retryAfterS: 15 },
    });
    await clock.advance(15_000);
    expect((await send.execute(request('60121234567'))).ok).toBe(true);
    expect(sms.sent).toHaveLength(2);
  });

  it('caps the codes per phone per hour', async () => {
    const { send, clock } = setUp();
    for (let i = 0; i < 3; i += 1) {
      expect((await send.execute(request('60121234567'))).ok).toBe(true);
      await clock.advance(61_000);
    }
    const capped = await send.execute(request('60121234567'));
    expect(capped).toEqual({
      ok: false,
      error: {
        code: 'SMS_PHONE_LIMIT',
        retryAfterS: (SMS_WINDOW_MS - 3 * 61_000) / 1000,
      },
    });
    await clock.advance(SMS_WINDOW_MS - 3 * 61_000);
    expect((await send.execute(request('60121234567'))).ok).toBe(true);
  });

  it('caps the codes per client address per hour, whatever the phone', async () => {
    const { send } = setUp({ perAddressPerHour: 2 });
    expect((await send.execute(request('60121234561'))).ok).toBe(true);
    expect((await send.execute(request('60121234562'))).ok).toBe(true);
    const capped = await send.execute(request('60121234563'));
    expect(capped.ok).toBe(false);
    if (!capped.ok) {
      expect(capped.error).toEqual({ code: 'SMS_NETWORK_LIMIT', retryAfterS: expect.any(Number) });
    }
  });

  it('refuses a registration code for a registered phone and sends nothing', async () => {
    const { send, sms, members } = setUp();
    await members.insert(aMemberRow({ phoneNo: '60121234567' }));
    expect(await send.execute(request('60121234567'))).toEqual({
      ok: false,
      error: { code: 'MEMBER_PHONE_TAKEN' },
    });
    expect(sms.sent).toEqual([]);
  });

  it('answers a reset for an unknown phone exactly as for a known one, sending nothing', async () => {
    const { send, sms, members, smsCodes, clock } = setUp();
    await members.insert(aMemberRow({ phoneNo: '60121111111' }));
    const known = await send.execute(request('60121111111', 'password_reset'));
    const unknown = await send.execute(request('60122222222', 'password_reset'));
    expect(unknown).toEqual(known);
    expect(sms.sent.map((m) => m.phoneNo)).toEqual(['60121111111']);
    // A decoy code is stored, so the reset step fails alike for both phones ...
    expect(await smsCodes.latest('60122222222', 'password_reset')).not.toBeNull();
    // ... and the unknown phone is throttled like the known one.
    await clock.advance(10_000);
    const again = await send.execute(request('60122222222', 'password_reset'));
    expect(again).toEqual(await send.execute(request('60121111111', 'password_reset')));
    expect(again.ok).toBe(false);
  });

  it('answers SMS_SEND_FAILED when the provider refuses, and still counts the request', async () => {
    const { send, sms, clock } = setUp();
    sms.failNext();
    expect(await send.execute(request('60121234567'))).toEqual({
      ok: false,
      error: { code: 'SMS_SEND_FAILED' },
    });
    await clock.advance(1000);
    const retried = await send.execute(request('60121234567'));
    expect(retried.ok).toBe(false);
    if (!retried.ok) expect(retried.error.code).toBe('SMS_COOLDOWN');
  });

  it('passes the wrong tries of the previous code on to a new one', async () => {
    const { send, smsCodes, clock } = setUp();
    await send.execute(request('60121234567'));
    const first = await smsCodes.latest('60121234567', 'registration');
    await smsCodes.recordWrongAttempt(first?.id ?? '');
    await smsCodes.recordWrongAttempt(first?.id ?? '');
    await clock.advance(61_000);
    await send.execute(request('60121234567'));
    const second = await smsCodes.latest('60121234567', 'registration');
    expect(second?.id).not.toBe(first?.id);
    expect(second?.attempts).toBe(2);
  });
});
