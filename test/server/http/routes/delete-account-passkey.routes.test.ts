import { ApiPaths } from '../../../../src/contract/api';
import { type PasskeyOptionsResponse } from '../../../../src/contract/passkeys';
import { CHALLENGE_TTL_MS } from '../../../../server/domain/passkey';
import { type TestMember } from '../../support/members';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';
import { SoftwareAuthenticator } from '../../support/software-authenticator';

const ORIGIN = 'http://portal.test';
const RP_ID = 'portal.test';

/** "Delete my account" confirmed by a passkey instead of the password (app.inject). */
describe('deleting the account with a passkey (software authenticator)', () => {
  let t: InjectedApp;
  let member: TestMember & { id: string };
  let token: string;
  let authenticator: SoftwareAuthenticator;
  beforeEach(async () => {
    t = await injectedApp({ config: { publicUrl: ORIGIN, loginMaxFailures: 5 } });
    member = await seedMember(t);
    token = (await logIn(t, member)).token;
    authenticator = await registerPasskey(token);
  });
  afterEach(() => t.close());

  async function registerPasskey(asking: string, password = member.password) {
    const device = new SoftwareAuthenticator(ORIGIN, RP_ID);
    const options = await t.post(
      ApiPaths.passkeyRegistrationOptions,
      { password },
      { token: asking },
    );
    const { challenge } = (options.body.data as PasskeyOptionsResponse).options;
    const added = await t.post(
      ApiPaths.registerPasskey,
      { name: 'My phone', credential: device.register(challenge) },
      { token: asking },
    );
    expect(added.status).toBe(200);
    return device;
  }
  const deletionOptions = async (asking = token) => {
    const answer = await t.post(ApiPaths.deleteAccountPasskeyOptions, undefined, { token: asking });
    expect(answer.status).toBe(200);
    return (answer.body.data as PasskeyOptionsResponse).options;
  };
  const deleteWith = (passkey: unknown, asking = token, extra: object = {}) =>
    t.post(
      ApiPaths.deleteAccount,
      { confirmation: 'DELETE', passkey, ...extra },
      { token: asking },
    );
  const sessionAlive = async (asking = token) =>
    (await t.post(ApiPaths.sessionCheck, undefined, { token: asking })).status === 200;

  it('offers options for the member own passkeys only, with user verification required', async () => {
    const options = await deletionOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials).toEqual([expect.objectContaining({ type: 'public-key' })]);
  });

  it('deletes the account with a verified answer; the passkey then signs nobody in', async () => {
    const { challenge } = await deletionOptions();
    const deleted = await deleteWith(authenticator.authenticate(challenge));
    expect(deleted.status).toBe(200);
    expect(await sessionAlive()).toBe(false);
    const signIn = await t.post(ApiPaths.passkeyLoginOptions);
    const { challenge: next } = (signIn.body.data as PasskeyOptionsResponse).options;
    const login = await t.post(ApiPaths.passkeyLogin, {
      credential: authenticator.authenticate(next),
    });
    expect(login.status).toBe(400);
    expect(login.body.code).toBe('PASSKEY_REJECTED');
  });

  it('refuses a replayed, expired, unverified or wrong-origin answer and changes nothing', async () => {
    const first = await deletionOptions();
    const unverified = await deleteWith(
      authenticator.authenticate(first.challenge, { userVerified: false }),
    );
    expect(unverified.body.code).toBe('PASSKEY_REJECTED');
    // Single use: the challenge is gone even though the answer was refused.
    expect((await deleteWith(authenticator.authenticate(first.challenge))).status).toBe(400);
    const expiring = await deletionOptions();
    await t.clock.advance(CHALLENGE_TTL_MS);
    expect((await deleteWith(authenticator.authenticate(expiring.challenge))).status).toBe(400);
    const foreign = await deletionOptions();
    const wrongOrigin = await deleteWith(
      authenticator.authenticate(foreign.challenge, { origin: 'http://evil.test' }),
    );
    expect(wrongOrigin.body.code).toBe('PASSKEY_REJECTED');
    expect(await sessionAlive()).toBe(true);
  });

  it('never takes a sign-in challenge, nor signs in with a deletion challenge', async () => {
    const signIn = await t.post(ApiPaths.passkeyLoginOptions);
    const { challenge } = (signIn.body.data as PasskeyOptionsResponse).options;
    expect((await deleteWith(authenticator.authenticate(challenge))).status).toBe(400);
    const deletion = await deletionOptions();
    const login = await t.post(ApiPaths.passkeyLogin, {
      credential: authenticator.authenticate(deletion.challenge),
    });
    expect(login.status).toBe(400);
    expect(await sessionAlive()).toBe(true);
  });

  it("refuses another member's passkey answering this member's challenge", async () => {
    const other = await seedMember(t);
    const otherToken = (await logIn(t, other)).token;
    const otherDevice = await registerPasskey(otherToken, other.password);
    const { challenge } = await deletionOptions();
    expect((await deleteWith(otherDevice.authenticate(challenge))).body.code).toBe(
      'PASSKEY_REJECTED',
    );
    expect(await sessionAlive()).toBe(true);
    expect(await sessionAlive(otherToken)).toBe(true);
  });

  it('wants exactly one of the password and a passkey (400 naming the field)', async () => {
    const { challenge } = await deletionOptions();
    const both = await deleteWith(authenticator.authenticate(challenge), token, {
      password: member.password,
    });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('VALIDATION_FAILED');
    const neither = await t.post(ApiPaths.deleteAccount, { confirmation: 'DELETE' }, { token });
    expect(neither.status).toBe(400);
    const malformed = await deleteWith({ id: 'x' });
    expect(malformed.status).toBe(400);
    expect(await sessionAlive()).toBe(true);
  });

  it('answers 404 for options to a member without passkeys, naming no field it was not sent', async () => {
    const other = await seedMember(t);
    const otherToken = (await logIn(t, other)).token;
    const answer = await t.post(ApiPaths.deleteAccountPasskeyOptions, undefined, {
      token: otherToken,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('PASSKEY_NOT_FOUND');
    expect(answer.body).not.toHaveProperty('field');
    expect(answer.body.message).not.toMatch(/passkey_id/);
  });
});
