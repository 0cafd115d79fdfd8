import { ApiPaths } from '../../../../src/contract/api';
import { type PasskeyDto, type PasskeyOptionsResponse } from '../../../../src/contract/passkeys';
import { CHALLENGE_TTL_MS } from '../../../../server/domain/passkey';
import { type TestMember } from '../../support/members';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';
import { SoftwareAuthenticator } from '../../support/software-authenticator';

const ORIGIN = 'http://portal.test';
const RP_ID = 'portal.test';

describe('passkey routes on the in-memory container (app.inject, software authenticator)', () => {
  let t: InjectedApp;
  let member: TestMember & { id: string };
  let token: string;
  beforeEach(async () => {
    t = await injectedApp({ config: { publicUrl: ORIGIN, loginMaxFailures: 5 } });
    member = await seedMember(t);
    token = (await logIn(t, member)).token;
  });
  afterEach(() => t.close());

  const optionsFor = async (asking = token, password = member.password) => {
    const answer = await t.post(
      ApiPaths.passkeyRegistrationOptions,
      { password },
      { token: asking },
    );
    expect(answer.status).toBe(200);
    return (answer.body.data as PasskeyOptionsResponse).options;
  };
  const register = async (
    authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID),
    asking = token,
  ) => {
    const options = await optionsFor(asking);
    const answer = await t.post(
      ApiPaths.registerPasskey,
      { name: 'My phone', credential: authenticator.register(options.challenge) },
      { token: asking },
    );
    return { authenticator, answer, options };
  };
  const signInOptions = async () => {
    const answer = await t.post(ApiPaths.passkeyLoginOptions);
    expect(answer.status).toBe(200);
    return (answer.body.data as PasskeyOptionsResponse).options;
  };
  const signIn = (credential: unknown) => t.post(ApiPaths.passkeyLogin, { credential });

  it('registers a passkey after the password, with the relying party of PUBLIC_URL', async () => {
    const { answer, options } = await register();
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      passkey_id: expect.any(String),
      name: 'My phone',
      created_at: new Date(t.clock.now()).toISOString(),
      last_used_at: null,
    });
    const list = await t.get(ApiPaths.passkeys, { token });
    expect((list.body.data as { passkeys: PasskeyDto[] }).passkeys).toEqual([answer.body.data]);
    expect(JSON.stringify(list.body)).not.toMatch(/public|credential/i);
  });

  it('asks for the password first: a wrong one is 403 and gives no options', async () => {
    const wrong = await t.post(
      ApiPaths.passkeyRegistrationOptions,
      { password: 'nope nope' },
      { token },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('PASSWORD_CONFIRMATION_WRONG');
  });

  it('signs in with the passkey: the same session as a login, last use recorded', async () => {
    const { authenticator, answer } = await register();
    await t.clock.advance(60_000);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    const login = await signIn(authenticator.authenticate(options.challenge));
    expect(login.status).toBe(200);
    expect(login.body.data).toEqual({
      user_id: member.id,
      name: member.name,
      phone_no: member.phone_no,
      token: expect.any(String),
    });
    const session = (login.body.data as { token: string }).token;
    expect((await t.post(ApiPaths.sessionCheck, {}, { token: session })).status).toBe(200);
    const list = await t.get(ApiPaths.passkeys, { token: session });
    expect((list.body.data as { passkeys: PasskeyDto[] }).passkeys[0]).toMatchObject({
      passkey_id: (answer.body.data as PasskeyDto).passkey_id,
      last_used_at: new Date(t.clock.now()).toISOString(),
    });
  });

  it('refuses replayed, expired, wrong-origin, unverified and forged answers, changing nothing', async () => {
    const { authenticator } = await register();
    const used = await signInOptions();
    const first = authenticator.authenticate(used.challenge);
    expect((await signIn(first)).status).toBe(200);
    const refusals = [await signIn(first)]; // replayed: the challenge is used

    const expiring = await signInOptions();
    await t.clock.advance(CHALLENGE_TTL_MS);
    refusals.push(await signIn(authenticator.authenticate(expiring.challenge)));

    refusals.push(
      await signIn(
        authenticator.authenticate((await signInOptions()).challenge, {
          origin: 'https://evil.test',
        }),
      ),
      await signIn(
        authenticator.authenticate((await signInOptions()).challenge, { userVerified: false }),
      ),
    );
    const forged = authenticator.authenticate((await signInOptions()).challenge);
    const signature = Buffer.from(forged.response.signature, 'base64url');
    signature[signature.length - 1] ^= 0xff;
    refusals.push(
      await signIn({
        ...forged,
        response: { ...forged.response, signature: signature.toString('base64url') },
      }),
    );
    const stranger = new SoftwareAuthenticator(ORIGIN, RP_ID); // never registered
    refusals.push(await signIn(stranger.authenticate((await signInOptions()).challenge)));

    for (const refused of refusals) {
      expect({ status: refused.status, code: refused.body.code }).toEqual({
        status: 400,
        code: 'PASSKEY_REJECTED',
      });
    }
  });

  it('refuses a signature counter that goes backwards', async () => {
    const { authenticator } = await register();
    expect(
      (await signIn(authenticator.authenticate((await signInOptions()).challenge, { counter: 10 })))
        .status,
    ).toBe(200);
    const back = await signIn(
      authenticator.authenticate((await signInOptions()).challenge, { counter: 5 }),
    );
    expect(back.status).toBe(400);
    expect(back.body.code).toBe('PASSKEY_REJECTED');
    expect(
      (await signIn(authenticator.authenticate((await signInOptions()).challenge, { counter: 11 })))
        .status,
    ).toBe(200);
  });

  it('refuses a registration with a wrong origin, without user verification or a used challenge', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    const wrongOrigin = await t.post(
      ApiPaths.registerPasskey,
      {
        name: 'x',
        credential: authenticator.register((await optionsFor()).challenge, {
          origin: 'https://evil.test',
        }),
      },
      { token },
    );
    const unverified = await t.post(
      ApiPaths.registerPasskey,
      {
        name: 'x',
        credential: authenticator.register((await optionsFor()).challenge, { userVerified: false }),
      },
      { token },
    );
    const options = await optionsFor();
    const ok = await t.post(
      ApiPaths.registerPasskey,
      { name: 'x', credential: authenticator.register(options.challenge) },
      { token },
    );
    expect(ok.status).toBe(200);
    const replayed = await t.post(
      ApiPaths.registerPasskey,
      { name: 'x', credential: authenticator.register(options.challenge) },
      { token },
    );
    for (const refused of [wrongOrigin, unverified, replayed]) {
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('PASSKEY_REJECTED');
    }
  });

  it("refuses a credential registered to one member for another, and another member's challenge", async () => {
    const { authenticator } = await register();
    const other = await seedMember(t);
    const otherToken = (await logIn(t, other)).token;
    const options = await t.post(
      ApiPaths.passkeyRegistrationOptions,
      { password: other.password },
      { token: otherToken },
    );
    const challenge = (options.body.data as PasskeyOptionsResponse).options.challenge;
    const taken = await t.post(
      ApiPaths.registerPasskey,
      { name: 'x', credential: authenticator.register(challenge) },
      { token: otherToken },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('PASSKEY_ALREADY_REGISTERED');

    // A challenge given to one member cannot register a passkey for another.
    const mine = await optionsFor();
    const foreign = await t.post(
      ApiPaths.registerPasskey,
      { name: 'x', credential: new SoftwareAuthenticator(ORIGIN, RP_ID).register(mine.challenge) },
      { token: otherToken },
    );
    expect(foreign.status).toBe(400);
  });

  it("renames and removes its own passkeys; another member's id answers the same 404", async () => {
    const { answer, authenticator } = await register();
    const id = (answer.body.data as PasskeyDto).passkey_id;
    const other = await seedMember(t);
    const otherToken = (await logIn(t, other)).token;
    for (const [path, body] of [
      [ApiPaths.renamePasskey, { passkey_id: id, name: 'Stolen' }],
      [ApiPaths.removePasskey, { passkey_id: id }],
      [ApiPaths.removePasskey, { passkey_id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const refused = await t.post(path, body, { token: otherToken });
      expect({
        status: refused.status,
        code: refused.body.code,
        field: refused.body.field,
      }).toEqual({
        status: 404,
        code: 'PASSKEY_NOT_FOUND',
        field: 'passkey_id',
      });
    }
    expect(
      (await t.post(ApiPaths.renamePasskey, { passkey_id: id, name: ' Laptop ' }, { token }))
        .status,
    ).toBe(200);
    const list = await t.get(ApiPaths.passkeys, { token });
    expect((list.body.data as { passkeys: PasskeyDto[] }).passkeys[0]?.name).toBe('Laptop');
    expect((await t.post(ApiPaths.removePasskey, { passkey_id: id }, { token })).status).toBe(200);
    const gone = await signIn(authenticator.authenticate((await signInOptions()).challenge));
    expect(gone.body.code).toBe('PASSKEY_REJECTED');
  });

  it('validates input (400 naming the field) and needs a session to manage passkeys', async () => {
    const cases: [string, unknown, string][] = [
      [ApiPaths.renamePasskey, { passkey_id: 'x', name: 'a' }, 'passkey_id'],
      [
        ApiPaths.renamePasskey,
        { passkey_id: '00000000-0000-4000-8000-000000000000', name: ' ' },
        'name',
      ],
      [ApiPaths.registerPasskey, { name: 'a', credential: { id: 'a' } }, 'rawId'],
      [ApiPaths.passkeyRegistrationOptions, {}, 'password'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await t.post(path, body, { token });
      expect({ path, status: answer.status, field: answer.body.field }).toEqual({
        path,
        status: 400,
        field,
      });
    }
    const login = await t.post(ApiPaths.passkeyLogin, { credential: { id: '!' } });
    expect(login.status).toBe(400);
    expect((await t.get(ApiPaths.passkeys)).status).toBe(401);
  });

  it('counts passkey sign-ins with the login throttle of the account', async () => {
    const { authenticator } = await register();
    for (let i = 0; i < 5; i += 1) {
      const refused = await signIn(
        authenticator.authenticate((await signInOptions()).challenge, { userVerified: false }),
      );
      expect(refused.body.code).toBe('PASSKEY_REJECTED');
    }
    const throttled = await signIn(authenticator.authenticate((await signInOptions()).challenge));
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('AUTH_TOO_MANY_ATTEMPTS');
    const password = await t.post(ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(password.status).toBe(429);
  });
});
