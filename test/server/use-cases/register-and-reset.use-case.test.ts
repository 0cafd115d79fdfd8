import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { RecordingSmsSender } from '../../../server/adapters/in-memory/recording-sms-sender.adapter';
import { hashSessionToken } from '../../../server/domain/session-policy';
import {
  RegisterMemberUseCase,
  type RegisterMemberInput,
} from '../../../server/use-cases/register-member.use-case';
import { ResetPasswordUseCase } from '../../../server/use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from '../../../server/use-cases/send-sms-code.use-case';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

const CODE_POLICY = { pepper: 'test pepper', maxAttempts: 3 };
const TTL_S = 300;

function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const sms = new RecordingSmsSender(clock);
  const hasher = new FakePasswordHasher();
  const random = new CryptoRandom();
  const send = new SendSmsCodeUseCase(stores.unitOfWork, sms, clock, random, {
    ttlS: TTL_S,
    resendCooldownS: 0,
    perPhonePerHour: 100,
    perAddressPerHour: 100,
    pepper: CODE_POLICY.pepper,
  });
  const register = new RegisterMemberUseCase(
    stores.unitOfWork,
    stores.members,
    stores.smsCodes,
    hasher,
    clock,
    random,
    CODE_POLICY,
  );
  const reset = new ResetPasswordUseCase(
    stores.unitOfWork,
    stores.smsCodes,
    hasher,
    clock,
    CODE_POLICY,
  );
  const login = loginOver(stores, { hasher, clock, random, maxFailures: 100 });
  const codeFor = async (phoneNo: string, purpose: 'registration' | 'password_reset') => {
    const sent = await send.execute({ phoneNo, purpose, clientAddress: '203.0.113.7' });
    if (!sent.ok) throw new Error(JSON.stringify(sent.error));
    return sms.lastCode(phoneNo, purpose) ?? '';
  };
  return { ...stores, clock, sms, hasher, send, register, reset, login, codeFor };
}

const registration = (overrides: Partial<RegisterMemberInput> = {}): RegisterMemberInput => ({
  name: '  Aisyah Rahman ',
  nationality: 'Non-Malaysian',
  icOrPassport: 'a1234567',
  phoneNo: '60121234567',
  password: 'correct horse battery',
  code: '000000',
  ...overrides,
});

/** A code other than the given one, so a "wrong code" test never guesses right by chance. */
const otherThan = (code: string): string => (code === '111111' ? '222222' : '111111');

describe('RegisterMemberUseCase on in-memory stores', () => {
  it('registers with the code sent to the phone: trimmed name, normalised IC, hashed password', async () => {
    const { register, codeFor, members, clock } = setUp();
    const code = await codeFor('60121234567', 'registration');
    const result = await register.execute(registration({ code }));
    expect(result.ok).toBe(true);
    const member = await members.findByPhone('60121234567');
    expect(member).toMatchObject({
      id: result.ok ? result.value.userId : 'none',
      name: 'Aisyah Rahman',
      icOrPassport: 'A1234567',
      createdAt: new Date(clock.now()),
    });
    expect(member?.passwordHash).not.toContain('correct horse battery');
  });

  it('uses a code once: the same request again is a conflict', async () => {
    const { register, codeFor } = setUp();
    const code = await codeFor('60121234567', 'registration');
    await register.execute(registration({ code }));
    expect(await register.execute(registration({ code }))).toEqual({
      ok: false,
      error: { code: 'MEMBER_PHONE_TAKEN' },
    });
  });

  it('refuses a missing, a wrong, a dead and an expired code with their own messages', async () => {
    const { register, codeFor, clock } = setUp();
    expect(await register.execute(registration())).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_MISSING' },
    });

    const code = await codeFor('60121234567', 'registration');
    const wrong = registration({ code: otherThan(code) });
    expect(await register.execute(wrong)).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_WRONG' },
    });
    await register.execute(wrong);
    // The third wrong try of three kills the code; the right one no longer helps.
    expect(await register.execute(wrong)).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_LOCKED' },
    });
    expect(await register.execute(registration({ code }))).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_LOCKED' },
    });

    const other = await codeFor('60127654321', 'registration');
    await clock.advance(TTL_S * 1000);
    expect(await register.execute(registration({ phoneNo: '60127654321', code: other }))).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_EXPIRED' },
    });
  });

  it('refuses an IC/passport or a phone already registered', async () => {
    const { register, codeFor } = setUp();
    await register.execute(registration({ code: await codeFor('60121234567', 'registration') }));
    const code = await codeFor('60129999999', 'registration');
    expect(
      await register.execute(
        registration({ phoneNo: '60129999999', icOrPassport: 'A1234567', code }),
      ),
    ).toEqual({
      ok: false,
      error: { code: 'MEMBER_IC_TAKEN' },
    });
    expect(await register.execute(registration({ icOrPassport: 'C1234567', code }))).toEqual({
      ok: false,
      error: { code: 'MEMBER_PHONE_TAKEN' },
    });
  });

  it('rolls the code use back when the insert collides, so the code still works', async () => {
    const { register, codeFor, members, smsCodes, unitOfWork, hasher, clock } = setUp();
    const first = await codeFor('60121111111', 'registration');
    expect((await register.execute(registration({ phoneNo: '60121111111', code: first }))).ok).toBe(
      true,
    );
    // A twin request that passed the up-front IC check just before the first one committed: its
    // pre-check sees no owner, so the collision happens on the insert inside the unit of work.
    const racing = new RegisterMemberUseCase(
      unitOfWork,
      Object.assign(Object.create(members) as typeof members, {
        findByIcOrPassport: async () => null,
      }),
      smsCodes,
      hasher,
      clock,
      new CryptoRandom(),
      CODE_POLICY,
    );
    const code = await codeFor('60122222222', 'registration');
    expect(await racing.execute(registration({ phoneNo: '60122222222', code }))).toEqual({
      ok: false,
      error: { code: 'MEMBER_IC_TAKEN' },
    });
    expect((await smsCodes.latest('60122222222', 'registration'))?.consumedAt).toBeNull();
    const retried = await register.execute(
      registration({ phoneNo: '60122222222', icOrPassport: 'B7654321', code }),
    );
    expect(retried.ok).toBe(true);
    expect(await members.findByIcOrPassport('B7654321')).not.toBeNull();
  });
});

describe('ResetPasswordUseCase on in-memory stores', () => {
  async function registered() {
    const context = setUp();
    const code = await context.codeFor('60121234567', 'registration');
    await context.register.execute(registration({ code }));
    return context;
  }

  it('sets the new password and revokes every session of the member', async () => {
    const { reset, login, codeFor, sessions, clock } = await registered();
    const before = await login.execute({
      icOrPassport: 'A1234567',
      password: 'correct horse battery',
    });
    if (!before.ok) throw new Error('login before reset failed');

    const code = await codeFor('60121234567', 'password_reset');
    expect(
      await reset.execute({ phoneNo: '60121234567', code, newPassword: 'a brand new secret' }),
    ).toEqual({ ok: true, value: null });

    const session = await sessions.findByTokenHash(hashSessionToken(before.value.token));
    expect(session?.revokedAt).toEqual(new Date(clock.now()));
    const oldPassword = await login.execute({
      icOrPassport: 'A1234567',
      password: 'correct horse battery',
    });
    expect(oldPassword.ok).toBe(false);
    const newPassword = await login.execute({
      icOrPassport: 'A1234567',
      password: 'a brand new secret',
    });
    expect(newPassword.ok).toBe(true);
  });

  it('refuses a registration code: codes are bound to their purpose', async () => {
    const { reset, codeFor, members } = setUp();
    const code = await codeFor('60121234567', 'registration');
    await members.insert(aMemberRow({ phoneNo: '60121234567' }));
    expect(
      await reset.execute({ phoneNo: '60121234567', code, newPassword: 'a brand new secret' }),
    ).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_MISSING' },
    });
  });

  it('fails an unknown phone like a wrong code, changing nothing', async () => {
    const { reset, codeFor, sms } = await registered();
    await codeFor('60120000000', 'password_reset');
    expect(sms.lastCode('60120000000')).toBeUndefined();
    expect(
      await reset.execute({
        phoneNo: '60120000000',
        code: '123456',
        newPassword: 'a brand new secret',
      }),
    ).toEqual({
      ok: false,
      error: { code: 'SMS_CODE_WRONG' },
    });
  });
});
