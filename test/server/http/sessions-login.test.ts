import { createHash } from 'node:crypto';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, login, registerAndLogin, registerMember } from '../support/members';
import { sessionsApiOn } from './sessions.support';

jest.setTimeout(60_000);

const HOUR = 60 * 60_000;
const LOGIN_FAILED = 'Invalid IC/passport number or password.';

describe.each(eachDatabase())('login and sessions on %s', (database) => {
  const api = sessionsApiOn(database);
  const { sessionCheck, tryLogin } = api;

  it('logs in with IC/passport and password and returns the session user and token', async () => {
    const member = await registerMember(api.t.baseUrl, aMember());
    const res = await postJson<Record<string, string>>(api.t.baseUrl, '/service/login', {
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

  it('answers a session check with an empty JSON body as it answers one without a body', async () => {
    const member = await registerAndLogin(api.t.baseUrl);
    const bodyless = await sessionCheck(member.token);
    const withObject = await postJson(
      api.t.baseUrl,
      '/service/session-check',
      {},
      {
        token: member.token,
      },
    );
    expect(bodyless.status).toBe(200);
    expect(withObject.status).toBe(200);
    expect(withObject.body).toEqual(bodyless.body);
  });

  it('stores only the sha256 of a session token', async () => {
    const member = await registerAndLogin(api.t.baseUrl);
    const rows = await api.t.container.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE member_id = $1',
      [member.user_id],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([
      createHash('sha256').update(member.token).digest('hex'),
    ]);
  });

  it('fails an unknown IC/passport exactly like a wrong password', async () => {
    const member = await registerMember(api.t.baseUrl, aMember());
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
    const member = await registerMember(api.t.baseUrl, aMember());
    for (let i = 0; i < 10; i += 1) {
      expect((await tryLogin(member.ic_or_passport, `wrong ${i}`)).status).toBe(401);
      await api.t.clock.advance(10_000);
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
    await api.t.clock.advance((15 * 60 - 100) * 1000);
    expect((await tryLogin(member.ic_or_passport, member.password)).status).toBe(200);
  });

  it('throttles an unknown IC/passport the same way', async () => {
    const ic = aMember().ic_or_passport;
    for (let i = 0; i < 10; i += 1) await tryLogin(ic, 'whatever password');
    const locked = await tryLogin(ic, 'whatever password');
    expect(locked.status).toBe(429);
    await api.t.clock.advance(15 * 60_000);
  });

  it('does not count failures of one account against another', async () => {
    const victim = await registerMember(api.t.baseUrl, aMember());
    const other = aMember().ic_or_passport;
    for (let i = 0; i < 10; i += 1) await tryLogin(other, 'guess');
    expect((await tryLogin(victim.ic_or_passport, victim.password)).status).toBe(200);
    await api.t.clock.advance(15 * 60_000);
  });

  it('answers 401 without a token, with a malformed token and with an unknown token', async () => {
    for (const token of [undefined, 'not a token!', 'A'.repeat(43)]) {
      const res = await sessionCheck(token);
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(0);
    }
  });

  it('revokes the token on logout', async () => {
    const member = await registerAndLogin(api.t.baseUrl);
    const other = await login(api.t.baseUrl, member);
    const out = await postJson(api.t.baseUrl, '/service/logout', {}, { token: member.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 1, message: 'Logged out' });
    expect((await sessionCheck(member.token)).status).toBe(401);
    expect(
      (await getJson(api.t.baseUrl, '/user/profile/get', { token: member.token })).status,
    ).toBe(401);
    // Only that session ends.
    expect((await sessionCheck(other.token)).status).toBe(200);
  });

  it('ends a session after 12 hours without use', async () => {
    const member = await registerAndLogin(api.t.baseUrl);
    await api.t.clock.advance(11 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(200);
    await api.t.clock.advance(11 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(200);
    await api.t.clock.advance(12 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(401);
  });

  it('ends a session 7 days after login however busy it is', async () => {
    const member = await registerAndLogin(api.t.baseUrl);
    for (let elapsed = 0; elapsed + 10 * HOUR < 7 * 24 * HOUR; elapsed += 10 * HOUR) {
      await api.t.clock.advance(10 * HOUR);
      expect((await sessionCheck(member.token)).status).toBe(200);
    }
    await api.t.clock.advance(10 * HOUR);
    expect((await sessionCheck(member.token)).status).toBe(401);
  });
});
