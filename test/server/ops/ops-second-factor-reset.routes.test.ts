import { runOpsCommand } from '../../../server/ops-cli/ops-cli';
import { CLI } from '../../../server/use-cases/ops/actor';
import { OpsPaths, type OpsSessionResponse } from '../../../src/contract/ops-api';
import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { OPS_PASSWORD, opsHarness, type OpsHarness, post, totpCode } from './ops-support';

const challengeOf = (res: { json(): { data?: unknown } }) =>
  (res.json().data as { options: { challenge: string } }).options.challenge;

/**
 * A second-factor reset starts the operator afresh: every earlier factor (the TOTP secret and
 * every passkey) is gone, and only the newest enrolment link enrols.
 */
describe('the console: a second-factor reset (app.inject)', () => {
  let h: OpsHarness;
  beforeAll(async () => {
    h = await opsHarness();
  });
  afterAll(() => h.close());

  const reset = async (operatorId: string) => {
    const link = await h.server.container.manageOperators.resetSecondFactor(
      CLI,
      operatorId,
      'lost their phone',
    );
    if (!link.ok) throw new Error(JSON.stringify(link.error));
    return link.value.token;
  };

  it('revokes every earlier enrolment link when a new one is issued', async () => {
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Two Links',
      email: 'two-links@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    const first = created.value.token;
    const second = await reset(created.value.operatorId);
    const third = await reset(created.value.operatorId);
    for (const token of [first, second]) {
      const opened = await post(h, OpsPaths.enrolmentStart, { token });
      expect([opened.statusCode, opened.json().code]).toEqual([400, 'OPS_ENROLMENT_INVALID']);
    }
    expect((await post(h, OpsPaths.enrolmentStart, { token: third })).statusCode).toBe(200);
  });

  it('resets from the command line at once, with a reason, printing the one live link', async () => {
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Lost Phone',
      email: 'lost-phone@ops.test',
      role: 'admin',
    });
    if (!created.ok) throw new Error('create');
    // As an admin's reset would have left them: unconfirmed.
    await h.server.container.operatorApprovalStore.markUnconfirmed({
      operatorId: created.value.operatorId,
      linkHolderId: null,
      since: new Date(h.server.clock.now()),
    });
    const run = (...argv: string[]) => runOpsCommand(h.server.container, argv);
    expect((await run('reset-second-factor', '--email', 'lost-phone@ops.test')).code).toBe(2);
    expect(
      (await run('reset-second-factor', '--email', 'nobody@ops.test', '--reason', 'lost phone'))
        .code,
    ).toBe(1);
    const reset = await run(
      'reset-second-factor',
      '--email',
      'Lost-Phone@ops.test',
      '--reason',
      'lost their phone',
    );
    expect(reset.code).toBe(0);
    const url = reset.out.find((line) => line.includes('/enrol#token=')) ?? '';
    const token = decodeURIComponent(new URL(url).hash.slice('#token='.length));
    expect((await post(h, OpsPaths.enrolmentStart, { token })).statusCode).toBe(200);
    const old = await post(h, OpsPaths.enrolmentStart, { token: created.value.token });
    expect(old.json().code).toBe('OPS_ENROLMENT_INVALID');
    // Whoever runs the command line holds the server: its link leaves the operator confirmed.
    const approvals = h.server.container.operatorApprovals;
    expect((await approvals.pending()).unconfirmed).toEqual([]);
  });

  it('removes the passkeys: after re-enrolling with an app, the old passkey neither signs in nor steps up', async () => {
    const email = 'reset-passkey@ops.test';
    const origin = h.server.config.ops.publicUrl;
    const authenticator = new SoftwareAuthenticator(origin, new URL(origin).hostname);
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Passkey Reset',
      email,
      role: 'finance',
    });
    if (!created.ok) throw new Error('create');
    const { token, operatorId } = created.value;
    const options = await post(h, OpsPaths.enrolmentPasskeyOptions, { token });
    const enrolled = await post(h, OpsPaths.enrolmentFinishPasskey, {
      token,
      password: OPS_PASSWORD,
      credential: authenticator.register(challengeOf(options)),
    });
    expect(enrolled.statusCode).toBe(200);

    const fresh = await reset(operatorId);
    const started = await post(h, OpsPaths.enrolmentStart, { token: fresh });
    const secret = (started.json().data as { totp_secret: string }).totp_secret;
    const clock = h.server.clock;
    const finished = await post(h, OpsPaths.enrolmentFinish, {
      token: fresh,
      password: OPS_PASSWORD,
      totp_code: totpCode(secret, clock.now()),
    });
    expect(finished.statusCode).toBe(200);
    expect(await h.server.container.operatorPasskeys.listForMember(operatorId)).toEqual([]);

    // The old passkey: no sign-in.
    const asked = await post(h, OpsPaths.signInPasskeyOptions, { email, password: OPS_PASSWORD });
    expect([asked.statusCode, asked.json().code]).toEqual([401, 'AUTH_INVALID_CREDENTIALS']);

    // Signed in with the new app, the old passkey gives no step-up.
    await clock.advance(30_000);
    const signIn = await post(h, OpsPaths.signIn, {
      email,
      password: OPS_PASSWORD,
      totp_code: totpCode(secret, clock.now()),
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((one) => one.name === 'ops_session');
    const session = signIn.json().data as OpsSessionResponse;
    const as = {
      id: operatorId,
      email,
      secret,
      cookie: `ops_session=${cookie?.value ?? ''}`,
      csrf: session.csrf_token,
    };
    const stepUpOptions = await post(h, OpsPaymentPaths.stepUpPasskeyOptions, {}, as);
    expect(stepUpOptions.json().code).toBe('PASSKEY_NOT_FOUND');
    if (stepUpOptions.statusCode === 200) {
      const steppedUp = await post(
        h,
        OpsPaymentPaths.stepUp,
        { credential: authenticator.authenticate(challengeOf(stepUpOptions)) },
        as,
      );
      expect(steppedUp.statusCode).not.toBe(200);
    }
  });
});
