import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, login, registerAndLogin } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

describe.each(eachDatabase())('profile on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  const profile = (token?: string) =>
    getJson<Record<string, string>>(t.baseUrl, '/user/profile/get', { token });
  const update = (token: string, body: object) =>
    postJson(t.baseUrl, '/user/profile/update', body, { token });

  it('returns the profile fields and never a password or hash', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const res = await fetch(`${t.baseUrl}/api/user/profile/get`, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toMatch(/password|hash|argon/i);
    const body = JSON.parse(text) as { data: Record<string, string> };
    expect(body.data).toEqual({
      user_id: member.user_id,
      name: member.name,
      phone_no: member.phone_no,
      ic_or_passport: member.ic_or_passport,
      created_at: new Date(t.clock.now()).toISOString(),
    });
  });

  it('answers 401 without a session', async () => {
    const res = await profile();
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(0);
    expect((await update('A'.repeat(43), { name: 'New Name' })).status).toBe(401);
  });

  it('updates the name', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const res = await update(member.token, { name: 'Nur Aisyah' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, message: 'Name updated' });
    expect((await profile(member.token)).body.data?.name).toBe('Nur Aisyah');
  });

  it('updates the phone number, normalised, unless another member has it (409)', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const other = await registerAndLogin(t.baseUrl);
    const taken = await update(member.token, { phone_no: other.phone_no });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      status: 0,
      message: 'phone_no: this phone number is already registered.',
      code: 'MEMBER_PHONE_TAKEN',
      field: 'phone_no',
    });
    expect((await update(member.token, { phone_no: member.phone_no })).status).toBe(200);
    const fresh = aMember().phone_no;
    const res = await update(member.token, { phone_no: fresh });
    expect(res.body).toEqual({ status: 1, message: 'Phone number updated' });
    expect((await profile(member.token)).body.data?.phone_no).toBe(fresh);
  });

  it('changes the password and signs out the member’s other sessions only', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const otherDevice = await login(t.baseUrl, member);
    const res = await update(member.token, { password: 'my new secret phrase' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, message: 'Password updated' });
    expect((await profile(member.token)).status).toBe(200);
    expect((await profile(otherDevice.token)).status).toBe(401);
    await expect(login(t.baseUrl, member)).rejects.toThrow(/401/);
    await login(t.baseUrl, { ...member, password: 'my new secret phrase' });
  });

  it('takes exactly one known field', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const none = await update(member.token, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('body: send exactly one of name, phone_no or password.');
    const two = await update(member.token, { name: 'Nur Aisyah', password: 'another password' });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('body: send exactly one of name, phone_no or password.');
    const unknown = await update(member.token, { email: 'a@b.c' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('email: is not an allowed field.');
    const badName = await update(member.token, { name: 'x' });
    expect(badName.body.message).toBe('name: must be 2 to 100 characters.');
    const badPassword = await update(member.token, { password: 'short' });
    expect(badPassword.body.message).toBe('password: must be 8 to 128 characters.');
  });
});
