import { CryptoRandom } from '../../../../server/adapters/crypto-random.adapter';
import { Ed25519AuditSigner } from '../../../../server/adapters/ops/ed25519-audit-signer.adapter';
import { OtpauthTotp } from '../../../../server/adapters/ops/otpauth-totp.adapter';
import { CLI } from '../../../../server/use-cases/ops/actor';
import { AuditTrailUseCase } from '../../../../server/use-cases/ops/audit-trail.use-case';
import { ManageOperatorsUseCase } from '../../../../server/use-cases/ops/manage-operators.use-case';
import { OperatorAuthUseCase } from '../../../../server/use-cases/ops/operator-auth.use-case';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakePasswordHasher } from '../../support/fake-password-hasher';
import { inMemoryStores } from '../../support/in-memory-stores';
import { totpCode } from '../../ops/ops-support';

const PASSWORD = 'a long operator password';
const MINUTE = 60_000;

function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const random = new CryptoRandom();
  const auth = new OperatorAuthUseCase(
    stores.unitOfWork,
    stores.loginFailures,
    new FakePasswordHasher(),
    new OtpauthTotp('test'),
    clock,
    random,
    5,
  );
  const manage = new ManageOperatorsUseCase(stores.unitOfWork, clock, random);
  const signer = Ed25519AuditSigner.generate();
  const trail = new AuditTrailUseCase(stores.audit, stores.unitOfWork, signer, clock);
  const address = '192.0.2.1';

  async function enrolled(email = 'nur@ops.test') {
    const created = await manage.create(CLI, { name: 'Nur', email, role: 'admin' });
    if (!created.ok) throw new Error('create');
    const started = await auth.startEnrolment(created.value.token);
    if (!started.ok) throw new Error('start');
    const secret = started.value.totpSecret;
    const done = await auth.finishEnrolment({
      token: created.value.token,
      password: PASSWORD,
      totpCode: totpCode(secret, clock.now()),
      address,
    });
    if (!done.ok) throw new Error(JSON.stringify(done.error));
    await clock.advance(30_000);
    return { email, secret };
  }
  const signIn = (email: string, code: string) =>
    auth.signIn({ email, password: PASSWORD, totpCode: code, address });
  return { stores, clock, auth, manage, trail, signer, enrolled, signIn };
}

describe('operators: enrolment, two factors and sessions on a fake clock', () => {
  it('refuses an enrolment link after 24 hours, and a used one', async () => {
    const s = setUp();
    const created = await s.manage.create(CLI, {
      name: 'Lee',
      email: 'lee@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    await s.clock.advance(24 * 60 * MINUTE);
    expect(await s.auth.startEnrolment(created.value.token)).toMatchObject({
      ok: false,
      error: { code: 'OPS_ENROLMENT_INVALID' },
    });
  });

  it('shows one secret per link however often it is opened, and a new one for a new link', async () => {
    const s = setUp();
    const created = await s.manage.create(CLI, {
      name: 'Ida',
      email: 'ida@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    const first = await s.auth.startEnrolment(created.value.token);
    const reloaded = await s.auth.startEnrolment(created.value.token);
    if (!first.ok || !reloaded.ok) throw new Error('start');
    expect(reloaded.value.totpSecret).toBe(first.value.totpSecret);
    expect(reloaded.value.totpUri).toBe(first.value.totpUri);
    // The app set up from the first opening finishes the enrolment after the reload.
    const done = await s.auth.finishEnrolment({
      token: created.value.token,
      password: PASSWORD,
      totpCode: totpCode(first.value.totpSecret, s.clock.now()),
      address: '192.0.2.1',
    });
    expect(done).toEqual({ ok: true, value: null });
    const opened = (await s.stores.audit.page(0, 50)).filter(
      (entry) => entry.action === 'operator.enrolment_open',
    );
    expect(opened).toHaveLength(2);
  });

  it("forgets a link's staged secret when a new link replaces it", async () => {
    const s = setUp();
    const created = await s.manage.create(CLI, {
      name: 'Jo',
      email: 'jo@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    const first = await s.auth.startEnrolment(created.value.token);
    if (!first.ok) throw new Error('start');
    await s.stores.unitOfWork.run((tx) =>
      tx.operators.saveEnrolment({
        tokenHash: 'a-new-link',
        operatorId: created.value.operatorId,
        expiresAt: new Date(s.clock.now() + 60 * MINUTE),
      }),
    );
    expect((await s.stores.operators.findById(created.value.operatorId))?.totpSecret).toBeNull();
  });

  it('accepts each TOTP code once, and one step of drift but not two', async () => {
    const s = setUp();
    const { email, secret } = await s.enrolled();
    const code = totpCode(secret, s.clock.now());
    expect((await s.signIn(email, code)).ok).toBe(true);
    expect(await s.signIn(email, code)).toMatchObject({
      error: { code: 'AUTH_INVALID_CREDENTIALS' },
    });
    await s.clock.advance(30_000);
    expect((await s.signIn(email, totpCode(secret, s.clock.now() - 30_000))).ok).toBe(false);
    expect((await s.signIn(email, totpCode(secret, s.clock.now() + 30_000))).ok).toBe(true);
    await s.clock.advance(120_000);
    expect((await s.signIn(email, totpCode(secret, s.clock.now() - 60_000))).ok).toBe(false);
  });

  it('ends a session after 15 minutes idle, and after 12 hours however used', async () => {
    const s = setUp();
    const { email, secret } = await s.enrolled();
    const signedIn = await s.signIn(email, totpCode(secret, s.clock.now()));
    if (!signedIn.ok) throw new Error('sign in');
    const { token } = signedIn.value;
    await s.clock.advance(14 * MINUTE);
    expect(await s.auth.authenticate(token)).not.toBeNull();
    for (let minutes = 14; minutes < 12 * 60 - 10; minutes += 10) {
      await s.clock.advance(10 * MINUTE);
      expect(await s.auth.authenticate(token)).not.toBeNull();
    }
    await s.clock.advance(12 * MINUTE);
    expect(await s.auth.authenticate(token)).toBeNull();

    const again = await s.signIn(email, totpCode(secret, s.clock.now()));
    if (!again.ok) throw new Error('sign in');
    await s.clock.advance(15 * MINUTE);
    expect(await s.auth.authenticate(again.value.token)).toBeNull();
  });

  it('audits opening an enrolment link: who it is for, and from where', async () => {
    const s = setUp();
    const created = await s.manage.create(CLI, {
      name: 'Om',
      email: 'om@ops.test',
      role: 'viewer',
    });
    if (!created.ok) throw new Error('create');
    expect((await s.auth.startEnrolment(created.value.token, '198.51.100.7')).ok).toBe(true);
    const [opened] = (await s.stores.audit.page(0, 50)).filter(
      (entry) => entry.action === 'operator.enrolment_open',
    );
    expect(opened).toMatchObject({
      actorName: 'Om',
      targetType: 'operator',
      targetId: created.value.operatorId,
      address: '198.51.100.7',
    });
  });

  it('audits sign-ins and failed ones, and signs checkpoints a forged one fails', async () => {
    const s = setUp();
    const { email, secret } = await s.enrolled();
    await s.signIn(email, '000000');
    await s.signIn('nobody@ops.test', '000000');
    await s.signIn(email, totpCode(secret, s.clock.now()));
    const actions = (await s.stores.audit.page(0, 50)).map((entry) => entry.action);
    expect(actions).toEqual([
      'operator.create',
      'operator.enrolment_open',
      'operator.enrol',
      'operator.sign_in_failed',
      'operator.sign_in_failed',
      'operator.sign_in',
    ]);
    const failed = (await s.stores.audit.page(0, 50))[4];
    expect(failed).toMatchObject({ actorId: null, actorName: 'n*****@ops.test' });

    const checkpoint = await s.trail.checkpoint(CLI);
    expect(checkpoint.entries).toBe(6);
    expect(await s.trail.verify()).toMatchObject({ verified: true, entries: 7 });
    s.stores.tables.auditCheckpoints.update('6', (row) => ({ ...row, headHash: 'f'.repeat(64) }));
    expect(await s.trail.verify()).toMatchObject({ verified: false, firstBadCheckpoint: 6 });
  });
});
