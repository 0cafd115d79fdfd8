import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, latestSmsCode, login, registerMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

describe.each(eachDatabase())('registration on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database });
  });
  afterAll(() => t.close());

  async function codeFor(member: TestMember): Promise<string> {
    const sent = await postJson(t.baseUrl, '/service/send_sms_code', {
      phone_no: member.phone_no,
      purpose: 'registration',
    });
    expect(sent.status).toBe(200);
    return latestSmsCode(t.baseUrl, member.phone_no, 'registration');
  }
  const register = (body: object) => postJson(t.baseUrl, '/service/register', body);

  it('registers a member who can then log in', async () => {
    const member = aMember();
    const res = await register({ ...member, tac_code: await codeFor(member) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, message: 'Registration successful' });
    const session = await login(t.baseUrl, member);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores passwords as argon2id with the OWASP minimum cost', async () => {
    const member = await registerMember(t.baseUrl, aMember());
    const rows = await t.container.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM members WHERE phone_no = $1',
      [member.phone_no],
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0].password_hash).not.toContain(member.password);
  });

  it('stores a passport upper-cased and lets the member log in with either case', async () => {
    const member = aMember({ ic_or_passport: `a${aMember().phone_no.slice(-7)}` });
    await registerMember(t.baseUrl, member);
    const profile = await getJson<{ ic_or_passport: string }>(t.baseUrl, '/user/profile/get', {
      token: (await login(t.baseUrl, member)).token,
    });
    expect(profile.body.data?.ic_or_passport).toBe(member.ic_or_passport.toUpperCase());
    await login(t.baseUrl, { ...member, ic_or_passport: member.ic_or_passport.toUpperCase() });
  });

  it('tells sign-up whether a phone and IC/passport can still register', async () => {
    const taken = await registerMember(t.baseUrl, aMember());
    const fresh = aMember();
    const exists = (phone: string, ic: string) =>
      getJson<{ can_proceed: boolean }>(
        t.baseUrl,
        `/user/exists?phone=${phone}&nationality=Malaysian&ic=${ic}`,
      );

    const free = await exists(fresh.phone_no, fresh.ic_or_passport);
    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      status: 1,
      message: 'You can proceed with registration',
      data: { can_proceed: true },
    });
    const phoneTaken = await exists(taken.phone_no, fresh.ic_or_passport);
    expect(phoneTaken.body.data).toEqual({ can_proceed: false, reason: 'MEMBER_PHONE_TAKEN' });
    expect(phoneTaken.body.message).toBe('phone_no: this phone number is already registered.');
    const icTaken = await exists(fresh.phone_no, taken.ic_or_passport);
    expect(icTaken.body.data).toEqual({ can_proceed: false, reason: 'MEMBER_IC_TAKEN' });
    expect(icTaken.body.message).toBe(
      'ic_or_passport: this IC/passport number is already registered.',
    );
    const bad = await getJson(t.baseUrl, '/user/exists?phone=012');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('phone: must be 9 to 15 digits, not starting with 0.');
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'phone' });
  });

  it('answers 409 for an IC/passport that is already registered', async () => {
    const first = await registerMember(t.baseUrl, aMember());
    const second = aMember({ ic_or_passport: first.ic_or_passport });
    const res = await register({ ...second, tac_code: await codeFor(second) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 0,
      message: 'ic_or_passport: this IC/passport number is already registered.',
      code: 'MEMBER_IC_TAKEN',
      field: 'ic_or_passport',
    });
  });

  it('answers 409 for a phone that was registered after its code was sent', async () => {
    const member = aMember();
    const code = await codeFor(member);
    const twin = aMember({ phone_no: member.phone_no });
    expect((await register({ ...twin, tac_code: code })).status).toBe(200);
    const res = await register({ ...member, tac_code: code });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('phone_no: this phone number is already registered.');
  });

  it.each([
    [{ name: 'A' }, 'name: must be 2 to 100 characters.'],
    [{ name: '   ' }, 'name: must be 2 to 100 characters.'],
    [{ nationality: 'Martian' }, 'nationality: must be Malaysian or Non-Malaysian.'],
    [
      { ic_or_passport: '12-34' },
      'ic_or_passport: must be 12 digits (IC) or 6 to 9 letters and digits (passport).',
    ],
    [{ phone_no: '0123456789' }, 'phone_no: must be 9 to 15 digits, not starting with 0.'],
    [{ password: 'short' }, 'password: must be 8 to 128 characters.'],
    [{ tac_code: '12345' }, 'tac_code: must be 6 digits.'],
    [{ phone_no: 60123456789 }, 'phone_no: must be a string.'],
  ])('refuses %j with 400 naming the field', async (override, message) => {
    const res = await register({ ...aMember(), tac_code: '123456', ...override });
    expect(res.status).toBe(400);
    const field = Object.keys(override)[0];
    expect(res.body).toEqual({ status: 0, message, code: 'VALIDATION_FAILED', field });
  });

  it('refuses a missing field and an unknown field with 400', async () => {
    const { name: _name, ...withoutName } = aMember();
    const missing = await register({ ...withoutName, tac_code: '123456' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('name: is required.');
    const unknown = await register({ ...aMember(), tac_code: '123456', is_admin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('is_admin: is not an allowed field.');
  });

  it('refuses malformed JSON with 400 and a body over 16 KiB with 413', async () => {
    const malformed = await postJson(t.baseUrl, '/service/register', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      status: 0,
      message: 'body: is not valid JSON.',
      code: 'INVALID_JSON',
    });
    const huge = await register({ ...aMember(), tac_code: '123456', name: 'x'.repeat(17_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({
      status: 0,
      message: 'Request body is too large.',
      code: 'BODY_TOO_LARGE',
    });
  });

  it('registers once when the same request arrives twice at the same moment', async () => {
    const member = aMember();
    const body = { ...member, tac_code: await codeFor(member) };
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.container.db.query('SELECT id FROM members WHERE phone_no = $1', [
      member.phone_no,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('lets one of two simultaneous registrations with the same IC/passport win (409 for the other)', async () => {
    const a = aMember();
    const b = aMember({ ic_or_passport: a.ic_or_passport });
    const [codeA, codeB] = [await codeFor(a), await codeFor(b)];
    const results = await Promise.all([
      register({ ...a, tac_code: codeA }),
      register({ ...b, tac_code: codeB }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.message).toBe(
      'ic_or_passport: this IC/passport number is already registered.',
    );
    const rows = await t.container.db.query('SELECT id FROM members WHERE ic_or_passport = $1', [
      a.ic_or_passport,
    ]);
    expect(rows).toHaveLength(1);
  });
});
