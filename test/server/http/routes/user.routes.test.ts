import { ApiPaths } from '../../../../src/contract/api';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';

describe('user routes on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp();
  });
  afterEach(() => t.close());

  it('tells sign-up whether a phone and an IC may still register', async () => {
    const member = await seedMember(t);
    const free = await t.get(`${ApiPaths.userExists}?phone=60190000000&ic=900101010101`);
    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      status: 1,
      message: 'You can proceed with registration',
      data: { can_proceed: true },
    });
    const taken = await t.get(`${ApiPaths.userExists}?phone=${member.phone_no}`);
    expect(taken.body).toEqual({
      status: 1,
      message: 'phone_no: this phone number is already registered.',
      data: { can_proceed: false, reason: 'MEMBER_PHONE_TAKEN' },
    });
  });

  it('answers the profile of the logged-in member, and 401 without a session', async () => {
    const member = await seedMember(t);
    const { token } = await logIn(t, member);
    const profile = await t.get(ApiPaths.profile, { token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toEqual({
      user_id: member.id,
      name: member.name,
      phone_no: member.phone_no,
      ic_or_passport: member.ic_or_passport,
      created_at: new Date(t.clock.now()).toISOString(),
    });
    expect((await t.get(ApiPaths.profile)).status).toBe(401);
  });

  it('updates one field at a time: 200, 409 for a taken phone, 400 for two fields', async () => {
    const member = await seedMember(t);
    const other = await seedMember(t);
    const { token } = await logIn(t, member);

    const renamed = await t.post(ApiPaths.updateProfile, { name: 'Siti Nur' }, { token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ status: 1, message: 'Name updated' });
    expect((await t.container.members.findById(member.id))?.name).toBe('Siti Nur');

    const taken = await t.post(ApiPaths.updateProfile, { phone_no: other.phone_no }, { token });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('phone_no: this phone number is already registered.');

    const two = await t.post(ApiPaths.updateProfile, { name: 'A B', phone_no: '60123' }, { token });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('body: send exactly one of name, phone_no or password.');
  });

  it('signs other sessions out when the password changes, keeping the caller in', async () => {
    const member = await seedMember(t);
    const mine = await logIn(t, member);
    const elsewhere = await logIn(t, member);
    const changed = await t.post(
      ApiPaths.updateProfile,
      { password: 'a brand new secret' },
      { token: mine.token },
    );
    expect(changed.status).toBe(200);
    expect((await t.post(ApiPaths.sessionCheck, {}, { token: mine.token })).status).toBe(200);
    expect((await t.post(ApiPaths.sessionCheck, {}, { token: elsewhere.token })).status).toBe(401);
  });
});
