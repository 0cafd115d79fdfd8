import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import {
  aMember,
  latestSmsCode,
  login,
  registerAndLogin,
  registerMember,
} from '../support/members';
import { sessionsApiOn } from './sessions.support';

jest.setTimeout(60_000);

describe.each(eachDatabase())('password reset and sessions on %s', (database) => {
  const api = sessionsApiOn(database);
  const { sessionCheck, tryLogin, sendResetCode } = api;

  it('revokes every session of the member on password reset', async () => {
    const member = await registerAndLogin(api.t.baseUrl);
    const second = await login(api.t.baseUrl, member);
    await api.t.clock.advance(60_000);
    await sendResetCode(member.phone_no);
    const tac_code = await latestSmsCode(api.t.baseUrl, member.phone_no, 'password_reset');
    const reset = await postJson(api.t.baseUrl, '/service/forgot-password/reset', {
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
    const member = await registerMember(api.t.baseUrl, aMember());
    await api.t.clock.advance(60_000);
    await sendResetCode(member.phone_no);
    const tac_code = await latestSmsCode(api.t.baseUrl, member.phone_no, 'password_reset');
    const reset = (new_password: string) =>
      postJson(api.t.baseUrl, '/service/forgot-password/reset', {
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
    const res = await postJson(api.t.baseUrl, '/service/forgot-password/reset', {
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
    const known = await registerMember(api.t.baseUrl, aMember());
    const unknown = aMember();
    await api.t.clock.advance(60_000);
    for (const phone_no of [known.phone_no, unknown.phone_no]) {
      expect((await sendResetCode(phone_no)).status).toBe(200);
    }
    const code = await latestSmsCode(api.t.baseUrl, known.phone_no, 'password_reset');
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (phone_no: string) =>
      postJson(api.t.baseUrl, '/service/forgot-password/reset', {
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
