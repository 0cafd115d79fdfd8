import { createHash } from 'node:crypto';
import { eachDatabase } from '../support/databases';
import { getJson, postJson } from '../support/http';
import {
  aMember,
  latestSmsCode,
  login,
  registerAndLogin,
  registerMember,
} from '../support/members';
import { newPayment, paymentStatus } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const HOUR = 60 * 60_000;
const LOGIN_FAILED = 'Invalid IC/passport number or password.';

describe.each(eachDatabase())('login and sessions on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  const sessionCheck = (token?: string) =>
    postJson<{ user_id: string; name: string; phone_no: string }>(
      t.baseUrl,
      '/service/session-check',
      {},
      { token },
    );
  const tryLogin = (ic_or_passport: string, password: string) =>
    postJson(t.baseUrl, '/service/login', { ic_or_passport, password });
  const sendResetCode = (phone_no: string) =>
    postJson(t.baseUrl, '/service/send_sms_code', { phone_no, purpose: 'password_reset' });

  it('logs in with IC/passport and password and returns the session user and token', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    const res = await postJson<Record<string, string>>(t.baseUrl, '/service/login', {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful');
    expect(Object.keys(res.body.data ?? {}).sort()).toEqual([
      'name',
      'phone_no',
      'token',
      'user_id',
    ]);
    expect(res.body.data).toMatchObject({ name: member.name, phone_no: member.phone_no });
    expect(res.body.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const check = await sessionCheck(res.body.data?.token);
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({
      user_id: res.body.data?.user_id,
      name: member.name,
      phone_no: member.phone_no,
    });
  });

  it('stores only the sha256 of a session token', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const rows = await t.container.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE member_id = $1',
      [member.user_id],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([
      createHash('sha256').update(member.token).digest('hex'),
    ]);
  });

  it('fails an unknown IC/passport exactly like a wrong password', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    const wrongPassword = await tryLogin(member.ic_or_passport, 'not the password');
    const unknownIc = await tryLogin(aMember().ic_or_passport, member.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownIc.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      status: 0,
      message: LOGIN_FAILED,
      code: 'AUTH_INVALID_CREDENTIALS',
    });
    expect(unknownIc.body).toEqual(wrongPassword.body);
  });

  it('throttles an account after 10 failures in 15 minutes, even with the right password', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    for (let i = 0; i < 10; i += 1) {
      expect((await tryLogin(member.ic_or_passport, `wrong ${i}`)).status).toBe(401);
      await t.clock.advance(10_000);
    }
    const locked = await tryLogin(member.ic_or_passport, member.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      status: 0,
      message: 'Too many failed login attempts. Please try again later.',
      code: 'AUTH_TOO_MANY_ATTEMPTS',
    });
    // The first failure leaves the 15-minute window 15 min - 100 s from now.
    expect(Number(locked.headers.get('retry-after'))).toBe(15 * 60 - 100);
    await t.clock.advance((15 * 60 - 100) * 1000);
    expect((await tryLogin(member.ic_or_passport, member.password)).status).toBe(200);
  });

  it('throttles an unknown IC/passport the same way', async () => {
    const ic = aMember().ic_or_passport;
    for (let i = 0; i < 10; i += 1) await tryLogin(ic, 'whatever password');
    const locked = await tryLogin(ic, 'whatever password');
    expect(locked.status).toBe(429);
    await t.clock.advance(15 * 60_000);
  });

  it('does not count failures of one account against another', async () => {
    const victim = await registerMember(t.baseUrl, aMember());
    const other = aMember().ic_or_passport;
    for (let i = 0; i < 10; i += 1) await tryLogin(other, 'guess');
    expect((await tryLogin(victim.ic_or_passport, victim.password)).status).toBe(200);
    await t.clock.advance(15 * 60_000);
  });

  it('answers 401 without a token, with a malformed token and with an unknown token', async () => {
    for (const token of [undefined, 'not a token!', 'A'.repeat(43)]) {
      const res = await sessionCheck(token);
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(0);
    }
  });

  it('revokes the token on logout', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const other = await login(t.baseUrl, member);
    const out = await postJson(t.baseUrl, '/service/logout', {}, { token: member.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 1, message: 'Logged out' });
    expect((await sessionCheck(member.token)).status).toBe(401);
    expect((await getJson(t.baseUrl, '/user/profile/get', { token: member.token })).status).toBe(
      401,
    );
    // Only that session ends.
    expect((await sessionCheck(other.token)).status).toBe(200);
  });

  it('ends a session after 12 hours without use', async () => {
    const member = await registerAndLogin(t.baseUrl);
    await t.clock.advance(11 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(200);
    await t.clock.advance(11 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(200);
    await t.clock.advance(12 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(401);
  });

  it('ends a session 7 days after login however busy it is', async () => {
    const member = await registerAndLogin(t.baseUrl);
    for (let elapsed = 0; elapsed + 10 * HOUR < 7 * 24 * HOUR; elapsed += 10 * HOUR) {
      await t.clock.advance(10 * HOUR);
      expect((await sessionCheck(member.token)).status).toBe(200);
    }
    await t.clock.advance(10 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(401);
  });

  it('revokes every session of the member on password reset', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const second = await login(t.baseUrl, member);
    await t.clock.advance(60_000);
    await sendResetCode(member.phone_no);
    const tac_code = await latestSmsCode(t.baseUrl, member.phone_no, 'password_reset');
    const reset = await postJson(t.baseUrl, '/service/forgot-password/reset', {
      phone_no: member.phone_no,
      tac_code,
      new_password: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: 1, message: 'Password reset successful' });
    expect((await sessionCheck(member.token)).status).toBe(401);
    expect((await sessionCheck(second.token)).status).toBe(401);
    expect((await tryLogin(member.ic_or_passport, member.password)).status).toBe(401);
    expect((await tryLogin(member.ic_or_passport, 'a brand new password')).status).toBe(200);
  });

  it('resets a password once when the same code is used twice at the same moment', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    await t.clock.advance(60_000);
    await sendResetCode(member.phone_no);
    const tac_code = await latestSmsCode(t.baseUrl, member.phone_no, 'password_reset');
    const reset = (new_password: string) =>
      postJson(t.baseUrl, '/service/forgot-password/reset', {
        phone_no: member.phone_no,
        tac_code,
        new_password,
      });
    const results = await Promise.all([reset('first new password'), reset('second new password')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0].status === 200 ? 'first new password' : 'second new password';
    expect((await tryLogin(member.ic_or_passport, winner)).status).toBe(200);
  });

  it('fails a reset for an unregistered phone like one with no code', async () => {
    const res = await postJson(t.baseUrl, '/service/forgot-password/reset', {
      phone_no: aMember().phone_no,
      tac_code: '123456',
      new_password: 'whatever password',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'tac_code: no code was requested for this phone number. Please request a code.',
    );
  });

  it('answers reset tries after a code request alike for registered and unknown phones', async () => {
    const known = await registerMember(t.baseUrl, aMember());
    const unknown = aMember();
    await t.clock.advance(60_000);
    for (const phone_no of [known.phone_no, unknown.phone_no]) {
      expect((await sendResetCode(phone_no)).status).toBe(200);
    }
    const code = await latestSmsCode(t.baseUrl, known.phone_no, 'password_reset');
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (phone_no: string) =>
      postJson(t.baseUrl, '/service/forgot-password/reset', {
        phone_no,
        tac_code: wrong,
        new_password: 'whatever password',
      });
    // A different answer for the unknown phone would tell who is registered.
    for (let i = 1; i <= 5; i += 1) {
      const [a, b] = [await reset(known.phone_no), await reset(unknown.phone_no)];
      expect(a.status).toBe(400);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect(a.body.message).toBe(
        i < 5
          ? 'tac_code: the code is incorrect.'
          : 'tac_code: too many wrong attempts. Please request a new code later.',
      );
    }
  });
});

describe.each(eachDatabase())('per-address limits and session checks on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, config: { rateLimitPerMinute: 12 } });
  });
  afterAll(() => t.close());

  it('keeps session checks and payment polls working for many members behind one address', async () => {
    const members = [await registerAndLogin(t.baseUrl), await registerAndLogin(t.baseUrl)];
    // 2 x (send code, outbox, register, login) + 1 payment = 9 of the 12 requests this address may make.
    const payment = await newPayment(t.baseUrl, members[0]);
    for (let i = 0; i < 30; i += 1) {
      const res = await postJson(
        t.baseUrl,
        '/service/session-check',
        {},
        { token: members[i % 2].token },
      );
      expect(res.status).toBe(200);
      expect(await paymentStatus(t.baseUrl, payment.transactionId, members[0])).toBe('pending');
      const details = await getJson(
        t.baseUrl,
        `/transaction/details?transactionId=${payment.transactionId}`,
        { token: members[0].token },
      );
      expect(details.status).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) expect((await getJson(t.baseUrl, '/health')).status).toBe(200);
    const limited = await getJson(t.baseUrl, '/health');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      status: 0,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe.each(eachDatabase())('session checks with made-up tokens on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  it('throttles them per address, while a real session keeps its own budget', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const madeUp = (i: number) => `made-up-token-${String(i).padStart(4, '0')}`;
    for (let i = 0; i < 60; i += 1) {
      const res = await postJson(t.baseUrl, '/service/session-check', {}, { token: madeUp(i) });
      expect(res.status).toBe(401);
    }
    const limited = await postJson(t.baseUrl, '/service/session-check', {}, { token: madeUp(60) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const own = await postJson(t.baseUrl, '/service/session-check', {}, { token: member.token });
    expect(own.status).toBe(200);
  });
});
