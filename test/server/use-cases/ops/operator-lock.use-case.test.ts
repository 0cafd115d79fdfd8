import { CryptoRandom } from '../../../../server/adapters/crypto-random.adapter';
import { OtpauthTotp } from '../../../../server/adapters/ops/otpauth-totp.adapter';
import { CLI } from '../../../../server/use-cases/ops/actor';
import { ManageOperatorsUseCase } from '../../../../server/use-cases/ops/manage-operators.use-case';
import { OperatorAuthUseCase } from '../../../../server/use-cases/ops/operator-auth.use-case';
import { FakeClock } from '../../../fakes/fake-clock';
import { FakePasswordHasher } from '../../support/fake-password-hasher';
import { inMemoryStores } from '../../support/in-memory-stores';
import { totpCode } from '../../ops/ops-support';

const PASSWORD = 'a long operator password';
const MAX_FAILURES = 5;
const address = '192.0.2.1';

function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const random = new CryptoRandom();
  const locks: number[] = [];
  const auth = new OperatorAuthUseCase(
    stores.unitOfWork,
    stores.loginFailures,
    new FakePasswordHasher(),
    new OtpauthTotp('test'),
    clock,
    random,
    MAX_FAILURES,
  );
  const manage = new ManageOperatorsUseCase(stores.unitOfWork, clock, random);

  async function enrolled(email = 'nur@ops.test') {
    const created = await manage.create(CLI, { name: 'Nur', email, role: 'finance' });
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
    const operator = await stores.unitOfWork.run(({ operators }) => operators.findByEmail(email));
    return { id: operator?.id ?? '', email, secret };
  }
  const signIn = (email: string, code: string, password = PASSWORD) =>
    auth.signIn({ email, password, totpCode: code, address });
  const entries = async () => stores.audit.page(0, 100);
  return { stores, clock, auth, manage, enrolled, signIn, entries, locks };
}

describe('operators: a sign-in refused while the throttle holds', () => {
  it('is audited by the operator tried, with neither the password nor the code', async () => {
    const s = setUp();
    const { id, email } = await s.enrolled();
    for (let n = 0; n < MAX_FAILURES; n += 1) {
      expect(await s.signIn(email, '000000', 'a wrong password guess')).toMatchObject({
        error: { code: 'AUTH_INVALID_CREDENTIALS' },
      });
    }
    expect(await s.signIn(email, '123456', 'another wrong guess!')).toMatchObject({
      error: { code: 'AUTH_TOO_MANY_ATTEMPTS' },
    });
    const last = (await s.entries()).at(-1);
    expect(last).toMatchObject({
      action: 'operator.sign_in_refused',
      actorId: id,
      targetId: id,
      address,
    });
    const written = JSON.stringify(last);
    expect(written).not.toContain('another wrong guess!');
    expect(written).not.toContain('123456');
  });

  it('is audited with the address masked when nobody has that address', async () => {
    const s = setUp();
    for (let n = 0; n < MAX_FAILURES; n += 1) await s.signIn('nobody@ops.test', '000000');
    expect(await s.signIn('nobody@ops.test', '000000')).toMatchObject({
      error: { code: 'AUTH_TOO_MANY_ATTEMPTS' },
    });
    expect((await s.entries()).at(-1)).toMatchObject({
      action: 'operator.sign_in_refused',
      actorId: null,
      actorName: 'n*****@ops.test',
      targetId: null,
    });
  });
});
