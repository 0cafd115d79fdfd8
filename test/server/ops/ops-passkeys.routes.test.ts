import { CLI } from '../../../server/use-cases/ops/actor';
import { OpsPaths } from '../../../src/contract/ops-api';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { get, OPS_PASSWORD, opsHarness, type OpsHarness, post } from './ops-support';

/**
 * An operator whose second factor is a passkey (a real P-256 signature from a software
 * authenticator, verified by @simplewebauthn): enrolment from the one-time link, then every
 * sign-in is the password first and the passkey's answer to a challenge given to that operator.
 */
describe('console passkeys (app.inject)', () => {
  let h: OpsHarness;
  let origin: string;
  beforeAll(async () => {
    h = await opsHarness();
    origin = h.server.config.ops.publicUrl;
  });
  afterAll(() => h.close());

  async function enrolWithPasskey(email: string) {
    const authenticator = new SoftwareAuthenticator(origin, new URL(origin).hostname);
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Passkey Ops',
      email,
      role: 'support',
    });
    if (!created.ok) throw new Error('create');
    const { token } = created.value;
    const options = await post(h, OpsPaths.enrolmentPasskeyOptions, { token });
    const { challenge } = (options.json().data as { options: { challenge: string } }).options;
    const finished = await post(h, OpsPaths.enrolmentFinishPasskey, {
      token,
      password: OPS_PASSWORD,
      credential: authenticator.register(challenge),
    });
    return { authenticator, token, finished };
  }

  const askPasskey = async (email: string, password = OPS_PASSWORD) =>
    post(h, OpsPaths.signInPasskeyOptions, { email, password });
  const challengeOf = (res: Awaited<ReturnType<typeof askPasskey>>) =>
    (res.json().data as { options: { challenge: string } }).options.challenge;

  it('enrols with a passkey, then signs in with the password and the passkey', async () => {
    const email = 'pk-one@ops.test';
    const { authenticator, token, finished } = await enrolWithPasskey(email);
    expect(finished.statusCode).toBe(200);
    // The link is used up.
    expect((await post(h, OpsPaths.enrolmentPasskeyOptions, { token })).json().code).toBe(
      'OPS_ENROLMENT_INVALID',
    );

    const asked = await askPasskey(email);
    expect(asked.statusCode).toBe(200);
    const signedIn = await post(h, OpsPaths.signInPasskey, {
      email,
      credential: authenticator.authenticate(challengeOf(asked)),
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((one) => one.name === 'ops_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const session = await get(h, OpsPaths.session, {
      id: '',
      email,
      secret: '',
      cookie: `ops_session=${cookie?.value ?? ''}`,
      csrf: '',
    });
    expect(session.json().data.operator.email).toBe(email);
  });

  it('offers EdDSA, ES256 and RS256 only at enrolment, whatever the runtime adds', async () => {
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Algorithm Ops',
      email: 'pk-algorithms@ops.test',
      role: 'support',
    });
    if (!created.ok) throw new Error('create');
    const options = await post(h, OpsPaths.enrolmentPasskeyOptions, { token: created.value.token });
    const params = (options.json().data as { options: { pubKeyCredParams: { alg: number }[] } })
      .options.pubKeyCredParams;
    expect(params.map((param) => param.alg)).toEqual([-8, -7, -257]);
  });

  it('asks the password first, and takes each challenge once, from its own operator only', async () => {
    const one = await enrolWithPasskey('pk-two@ops.test');
    const other = await enrolWithPasskey('pk-three@ops.test');
    expect((await askPasskey('pk-two@ops.test', 'not the password')).json().code).toBe(
      'AUTH_INVALID_CREDENTIALS',
    );

    const challenge = challengeOf(await askPasskey('pk-two@ops.test'));
    const foreign = await post(h, OpsPaths.signInPasskey, {
      email: 'pk-two@ops.test',
      credential: other.authenticator.authenticate(challenge),
    });
    expect(foreign.json().code).toBe('PASSKEY_REJECTED');
    // The challenge was taken by that refused answer: the right passkey cannot reuse it.
    const replay = await post(h, OpsPaths.signInPasskey, {
      email: 'pk-two@ops.test',
      credential: one.authenticator.authenticate(challenge),
    });
    expect(replay.json().code).toBe('PASSKEY_REJECTED');

    // Without user verification, nothing.
    const unverified = await post(h, OpsPaths.signInPasskey, {
      email: 'pk-two@ops.test',
      credential: one.authenticator.authenticate(challengeOf(await askPasskey('pk-two@ops.test')), {
        userVerified: false,
      }),
    });
    expect(unverified.json().code).toBe('PASSKEY_REJECTED');
  });

  it('refuses a passkey answering for another origin at enrolment, and enrols nothing', async () => {
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Phished',
      email: 'pk-four@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    const { token } = created.value;
    const options = await post(h, OpsPaths.enrolmentPasskeyOptions, { token });
    const { challenge } = (options.json().data as { options: { challenge: string } }).options;
    const phished = new SoftwareAuthenticator('http://evil.test', 'evil.test');
    const res = await post(h, OpsPaths.enrolmentFinishPasskey, {
      token,
      password: OPS_PASSWORD,
      credential: phished.register(challenge),
    });
    expect(res.json().code).toBe('PASSKEY_REJECTED');
    expect(await h.server.container.operators.findByEmail('pk-four@ops.test')).toMatchObject({
      enrolledAt: null,
    });
  });
});
