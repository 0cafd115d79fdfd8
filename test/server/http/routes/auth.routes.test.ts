import { ApiPaths } from '../../../../src/contract/api';
import { aMember } from '../../support/members';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';

const LOGIN_FAILED = 'Invalid IC/passport number or password.';

describe('auth routes on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp({ config: { loginMaxFailures: 2 } });
  });
  afterEach(() => t.close());

  it('logs in: 200 with the session user and a token the session check accepts', async () => {
    const member = await seedMember(t);
    const login = await t.post(ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      status: 1,
      message: 'Login successful',
      data: {
        user_id: member.id,
        name: member.name,
        phone_no: member.phone_no,
        token: expect.any(String),
      },
    });
    const token = (login.body.data as { token: string }).token;
    const check = await t.post(ApiPaths.sessionCheck, {}, { token });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({
      user_id: member.id,
      name: member.name,
      phone_no: member.phone_no,
    });
  });

  it('answers 401 with one message for an unknown IC and a wrong password', async () => {
    const member = await seedMember(t);
    const unknown = await t.post(ApiPaths.login, {
      ic_or_passport: 'Z9999999',
      password: 'whatever1',
    });
    const wrong = await t.post(ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: 'wrong password',
    });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual({
      status: 0,
      message: LOGIN_FAILED,
      code: 'AUTH_INVALID_CREDENTIALS',
    });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('answers 429 with Retry-After once an account has failed too often', async () => {
    const member = await seedMember(t);
    const attempt = () =>
      t.post(ApiPaths.login, { ic_or_passport: member.ic_or_passport, password: 'wrong one' });
    await attempt();
    await attempt();
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('900');
    expect(throttled.body.message).toBe('Too many failed login attempts. Please try again later.');
  });

  it('logs out: the token no longer passes the session check', async () => {
    const { token } = await logIn(t, await seedMember(t));
    expect((await t.post(ApiPaths.logout, {}, { token })).status).toBe(200);
    const check = await t.post(ApiPaths.sessionCheck, {}, { token });
    expect(check.status).toBe(401);
    expect(check.body.message).toBe('Your session has ended. Please log in again.');
    expect(check.body.code).toBe('AUTH_SESSION_ENDED');
  });

  it('answers 401 without a token and for a malformed one', async () => {
    expect((await t.post(ApiPaths.sessionCheck)).status).toBe(401);
    const malformed = await t.post(ApiPaths.logout, {}, { headers: { authorization: 'Bearer x' } });
    expect(malformed.status).toBe(401);
    expect(malformed.body).toEqual({
      status: 0,
      message: 'Please log in to continue.',
      code: 'AUTH_REQUIRED',
    });
  });

  it('sends a code, registers with it, and answers 409 for the same phone again', async () => {
    const member = aMember();
    const sent = await t.post(ApiPaths.sendSmsCode, {
      phone_no: member.phone_no,
      purpose: 'registration',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 1, message: 'OTP sent', data: { expires_in: 300 } });
    const tac_code = t.sms.lastCode(member.phone_no, 'registration');

    const registered = await t.post(ApiPaths.register, { ...member, tac_code });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ status: 1, message: 'Registration successful' });

    const again = await t.post(ApiPaths.register, { ...member, tac_code });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('phone_no: this phone number is already registered.');
  });

  it('answers 429 with Retry-After for a code asked for within the cooldown', async () => {
    const body = { phone_no: '60121234567', purpose: 'registration' };
    expect((await t.post(ApiPaths.sendSmsCode, body)).status).toBe(200);
    await t.clock.advance(20_000);
    const again = await t.post(ApiPaths.sendSmsCode, body);
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
  });

  it('resets a password with a reset code and answers 400 for a wrong code', async () => {
    const member = await seedMember(t);
    await t.post(ApiPaths.sendSmsCode, { phone_no: member.phone_no, purpose: 'password_reset' });
    const code = t.sms.lastCode(member.phone_no, 'password_reset') ?? '';
    const wrongCode = code === '111111' ? '222222' : '111111';
    const wrong = await t.post(ApiPaths.resetPassword, {
      phone_no: member.phone_no,
      tac_code: wrongCode,
      new_password: 'a brand new secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('tac_code: the code is incorrect.');

    const reset = await t.post(ApiPaths.resetPassword, {
      phone_no: member.phone_no,
      tac_code: code,
      new_password: 'a brand new secret',
    });
    expect(reset.status).toBe(200);
    await expect(logIn(t, { ...member, password: 'a brand new secret' })).resolves.toBeDefined();
  });

  it('answers 400 naming the field that breaks its rule', async () => {
    const badPhone = await t.post(ApiPaths.sendSmsCode, {
      phone_no: '0123',
      purpose: 'registration',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toEqual({
      status: 0,
      message: 'phone_no: must be 9 to 15 digits, not starting with 0.',
      code: 'VALIDATION_FAILED',
      field: 'phone_no',
    });
    const missing = await t.post(ApiPaths.login, { ic_or_passport: 'A1234567' });
    expect(missing.body.message).toBe('password: is required.');
    const extra = await t.post(ApiPaths.login, {
      ic_or_passport: 'A1234567',
      password: 'x',
      admin: true,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('admin: is not an allowed field.');
  });
});
