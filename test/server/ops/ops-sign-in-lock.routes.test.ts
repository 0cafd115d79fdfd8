import { CLI } from '../../../server/use-cases/ops/actor';
import { OpsPaths } from '../../../src/contract/ops-api';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import {
  OPS_PASSWORD,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  post,
  totpCode,
} from './ops-support';

/**
 * Wrong second factors after the right password lock the authenticator-app sign-in (the
 * throttle holds), but not the operator's passkey, whose sign-in clears the lock; an admin can
 * clear it too. Each lock is an alert: a metric, a warning naming no one, an audit entry. The
 * attacker knows the password and comes from a new address each time (the per-address limit is
 * not what stops them).
 */
describe('console: a lock by wrong second factors (app.inject)', () => {
  let h: OpsHarness;
  const warnings: string[] = [];
  let attempts = 0;
  beforeAll(async () => {
    h = await opsHarness();
    h.server.container.log.attach({ warn: (_context, message) => warnings.push(message) });
  });
  afterAll(() => h.close());

  const MAX = 10; // LOGIN_MAX_FAILURES, the test configuration's default
  const signInWithCode = (email: string, code: string, password = OPS_PASSWORD) => {
    attempts += 1;
    return h.app.inject({
      method: 'POST',
      url: `/api${OpsPaths.signIn}`,
      remoteAddress: `198.51.100.${attempts % 250}`,
      payload: { email, password, totp_code: code },
    });
  };
  async function lockOut(email: string) {
    for (let n = 0; n < MAX; n += 1) {
      const res = await signInWithCode(email, '000000');
      expect([res.statusCode, res.json().code]).toEqual([401, 'AUTH_INVALID_CREDENTIALS']);
    }
  }
  const locksCounted = async () =>
    (
      await h.server.container.metrics.registry
        .getSingleMetric('ops_second_factor_locks_total')
        ?.get()
    )?.values[0]?.value ?? 0;
  const actions = async () =>
    (await h.server.container.audit.page(0, 1000)).map((entry) => entry.action);

  it('leaves the passkey sign-in open, and the passkey sign-in clears the lock', async () => {
    const origin = h.server.config.ops.publicUrl;
    const authenticator = new SoftwareAuthenticator(origin, new URL(origin).hostname);
    const email = 'kept-out@ops.test';
    const created = await h.server.container.manageOperators.create(CLI, {
      name: 'Kept Out',
      email,
      role: 'support',
    });
    if (!created.ok) throw new Error('create');
    const { token } = created.value;
    const options = await post(h, OpsPaths.enrolmentPasskeyOptions, { token });
    const { challenge } = (options.json().data as { options: { challenge: string } }).options;
    const enrolled = await post(h, OpsPaths.enrolmentFinishPasskey, {
      token,
      password: OPS_PASSWORD,
      credential: authenticator.register(challenge),
    });
    expect(enrolled.statusCode).toBe(200);

    const before = await locksCounted();
    await lockOut(email);
    // The code sign-in is locked, and answers alike whatever the password.
    for (const password of [OPS_PASSWORD, 'not the password at all']) {
      const refused = await signInWithCode(email, '123456', password);
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'AUTH_TOO_MANY_ATTEMPTS']);
    }
    expect(await locksCounted()).toBe(before + 1);
    expect(warnings.filter((line) => line.includes('locked out'))).toHaveLength(1);
    expect(warnings.join('\n')).not.toContain(email);
    expect(await actions()).toContain('operator.second_factor_locked');

    const asked = await post(h, OpsPaths.signInPasskeyOptions, { email, password: OPS_PASSWORD });
    expect(asked.statusCode).toBe(200);
    const answer = (asked.json().data as { options: { challenge: string } }).options.challenge;
    const signedIn = await post(h, OpsPaths.signInPasskey, {
      email,
      credential: authenticator.authenticate(answer),
    });
    expect(signedIn.statusCode).toBe(200);
    // The lock is gone: a wrong code is a wrong code again, not a refusal.
    expect((await signInWithCode(email, '000000')).statusCode).toBe(401);
  });

  it('is cleared by an admin, with a reason, audited; by no other role', async () => {
    const admin = await operatorSignedIn(h, 'admin');
    const support = await operatorSignedIn(h, 'support');
    const locked = await operatorSignedIn(h, 'viewer', 'Locked Viewer');
    await lockOut(locked.email);
    await h.server.clock.advance(30_000);
    const refused = await signInWithCode(
      locked.email,
      totpCode(locked.secret, h.server.clock.now()),
    );
    expect(refused.statusCode).toBe(429);

    const path = `${OpsPaths.operators}/${locked.id}/clear-sign-in-lock`;
    const reason = { reason: 'operator called: locked out by someone else' };
    expect((await post(h, path, reason, support)).statusCode).toBe(404);
    expect((await post(h, path, {}, admin)).json().code).toBe('VALIDATION_FAILED');
    const unknown = `${OpsPaths.operators}/00000000-0000-4000-8000-000000000000/clear-sign-in-lock`;
    expect((await post(h, unknown, reason, admin)).statusCode).toBe(404);
    const cleared = await post(h, path, reason, admin);
    expect([cleared.statusCode, cleared.json().data]).toEqual([200, { cleared: MAX }]);
    expect(cleared.headers['cache-control']).toBe('no-store');
    const entry = (await h.server.container.audit.page(0, 1000)).at(-1);
    expect(entry).toMatchObject({
      action: 'operator.clear_sign_in_lock',
      actorId: admin.id,
      targetId: locked.id,
      reason: reason.reason,
    });

    const back = await signInWithCode(locked.email, totpCode(locked.secret, h.server.clock.now()));
    expect(back.statusCode).toBe(200);
  });
});
