import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, latestSmsCode, registerMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const MINUTE = 60_000;

describe.each(eachDatabase())('one-time SMS codes on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  const send = (phone_no: string, purpose: 'registration' | 'password_reset' = 'registration') =>
    postJson<{ expires_in: number }>(t.baseUrl, '/service/send_sms_code', { phone_no, purpose });
  const register = (member: ReturnType<typeof aMember>, tac_code: string) =>
    postJson(t.baseUrl, '/service/register', { ...member, tac_code });

  it('sends a 6-digit code and says when it expires', async () => {
    const { phone_no } = aMember();
    const res = await send(phone_no);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, message: 'OTP sent', data: { expires_in: 300 } });
    expect(await latestSmsCode(t.baseUrl, phone_no, 'registration')).toMatch(/^\d{6}$/);
  });

  it('keeps the outbox newest first with phone, purpose, code and time', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    await t.clock.advance(MINUTE);
    await send(member.phone_no, 'password_reset');
    const res = await getJson<
      { phone_no: string; purpose: string; code: string; sent_at: string }[]
    >(t.baseUrl, `/dev/sms-outbox?phone_no=${member.phone_no}`);
    expect(res.status).toBe(200);
    expect(res.body.data?.map((e) => e.purpose)).toEqual(['password_reset', 'registration']);
    expect(res.body.data?.[0]).toEqual({
      phone_no: member.phone_no,
      purpose: 'password_reset',
      code: expect.stringMatching(/^\d{6}$/),
      sent_at: new Date(t.clock.now()).toISOString(),
    });
  });

  it('stores codes only hashed', async () => {
    const { phone_no } = aMember();
    await send(phone_no);
    const code = await latestSmsCode(t.baseUrl, phone_no);
    const rows = await t.container.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM sms_codes WHERE phone_no = $1',
      [phone_no],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it('refuses a code after it expires', async () => {
    const member = aMember();
    await send(member.phone_no);
    const code = await latestSmsCode(t.baseUrl, member.phone_no);
    await t.clock.advance(300_000);
    const res = await register(member, code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 0,
      message: 'tac_code: the code has expired. Please request a new code.',
      code: 'SMS_CODE_EXPIRED',
      field: 'tac_code',
    });
  });

  it('accepts a code just before it expires', async () => {
    const member = aMember();
    await send(member.phone_no);
    const code = await latestSmsCode(t.baseUrl, member.phone_no);
    await t.clock.advance(299_000);
    expect((await register(member, code)).status).toBe(200);
  });

  it('uses a code once', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    await send(member.phone_no, 'password_reset');
    const code = await latestSmsCode(t.baseUrl, member.phone_no, 'password_reset');
    const reset = () =>
      postJson(t.baseUrl, '/service/forgot-password/reset', {
        phone_no: member.phone_no,
        tac_code: code,
        new_password: 'another long password',
      });
    expect((await reset()).status).toBe(200);
    const again = await reset();
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'tac_code: the code has already been used. Please request a new code.',
    );
  });

  it('binds a code to its purpose', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    await send(member.phone_no, 'password_reset');
    const resetCode = await latestSmsCode(t.baseUrl, member.phone_no, 'password_reset');
    const other = aMember();
    await send(other.phone_no);
    // A password-reset code of one phone is no registration code for another.
    const res = await register(other, resetCode);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^tac_code: /);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const member = aMember();
    await send(member.phone_no);
    const code = await latestSmsCode(t.baseUrl, member.phone_no);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await register(member, wrong);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('tac_code: the code is incorrect.');
    }
    const fifth = await register(member, wrong);
    expect(fifth.status).toBe(400);
    expect(fifth.body.message).toBe(
      'tac_code: too many wrong attempts. Please request a new code later.',
    );
    const right = await register(member, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(
      'tac_code: too many wrong attempts. Please request a new code later.',
    );
  });

  it('does not reset the wrong-try count when a new code is requested', async () => {
    const member = aMember();
    await send(member.phone_no);
    const first = await latestSmsCode(t.baseUrl, member.phone_no);
    const wrong = (c: string) => (c === '000000' ? '111111' : '000000');
    for (let i = 0; i < 4; i += 1) await register(member, wrong(first));

    await t.clock.advance(MINUTE);
    expect((await send(member.phone_no)).status).toBe(200);
    const second = await latestSmsCode(t.baseUrl, member.phone_no);
    // One more wrong try is the fifth of the window: the new code dies too.
    expect((await register(member, wrong(second))).body.message).toBe(
      'tac_code: too many wrong attempts. Please request a new code later.',
    );
    expect((await register(member, second)).status).toBe(400);
  });

  it('gives wrong tries a fresh start after the hourly window', async () => {
    const member = aMember();
    await send(member.phone_no);
    const first = await latestSmsCode(t.baseUrl, member.phone_no);
    for (let i = 0; i < 5; i += 1) await register(member, first === '000000' ? '111111' : '000000');
    await t.clock.advance(61 * MINUTE);
    await send(member.phone_no);
    expect((await register(member, await latestSmsCode(t.baseUrl, member.phone_no))).status).toBe(
      200,
    );
  });

  it('enforces the resend cooldown per phone and purpose with 429 and Retry-After', async () => {
    const { phone_no } = aMember();
    expect((await send(phone_no)).status).toBe(200);
    await t.clock.advance(20_000);
    const early = await send(phone_no);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('40');
    expect(early.body.status).toBe(0);
    await t.clock.advance(40_000);
    expect((await send(phone_no)).status).toBe(200);
  });

  it('caps codes per phone per hour', async () => {
    const { phone_no } = aMember();
    for (let i = 0; i < 5; i += 1) {
      expect((await send(phone_no)).status).toBe(200);
      await t.clock.advance(MINUTE);
    }
    const capped = await send(phone_no);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(
      'Too many codes were requested for this phone number. Please try again later.',
    );
    expect(Number(capped.headers.get('retry-after'))).toBe(55 * 60);
    await t.clock.advance(55 * MINUTE);
    expect((await send(phone_no)).status).toBe(200);
  });

  it('answers a password-reset request the same whether or not the phone is registered', async () => {
    const known = await registerMember(t.baseUrl, aMember());
    const unknown = aMember();
    const a = await send(known.phone_no, 'password_reset');
    const b = await send(unknown.phone_no, 'password_reset');
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    // ...but only the registered phone gets an SMS,
    await expect(latestSmsCode(t.baseUrl, unknown.phone_no)).rejects.toThrow(/no SMS code/);
    expect(await latestSmsCode(t.baseUrl, known.phone_no, 'password_reset')).toMatch(/^\d{6}$/);
    // ...and both are throttled alike.
    const c = await send(known.phone_no, 'password_reset');
    const d = await send(unknown.phone_no, 'password_reset');
    expect([c.status, d.status]).toEqual([429, 429]);
    expect(d.body).toEqual(c.body);
  });

  it('refuses a registration code for a phone that is already registered (409)', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    await t.clock.advance(MINUTE);
    const res = await send(member.phone_no);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('phone_no: this phone number is already registered.');
  });

  it('names the field of a bad request', async () => {
    const badPhone = await send('0123456789');
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('phone_no: must be 9 to 15 digits, not starting with 0.');
    const badPurpose = await postJson(t.baseUrl, '/service/send_sms_code', {
      phone_no: aMember().phone_no,
      purpose: 'login',
    });
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.body.message).toBe('purpose: must be registration or password_reset.');
  });
});

describe.each(eachDatabase())('SMS caps per address on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, config: { smsPerAddressPerHour: 3 } });
  });
  afterAll(() => t.close());

  it('caps codes per client address per hour, across phones', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await postJson(t.baseUrl, '/service/send_sms_code', {
        phone_no: aMember().phone_no,
        purpose: 'registration',
      });
      expect(res.status).toBe(200);
    }
    const capped = await postJson(t.baseUrl, '/service/send_sms_code', {
      phone_no: aMember().phone_no,
      purpose: 'registration',
    });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(
      'Too many codes were requested from your network. Please try again later.',
    );
    expect(Number(capped.headers.get('retry-after'))).toBe(3600);
    await t.clock.advance(60 * 60_000);
    const later = await postJson(t.baseUrl, '/service/send_sms_code', {
      phone_no: aMember().phone_no,
      purpose: 'registration',
    });
    expect(later.status).toBe(200);
  });
});
