import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { RecordingSmsSender } from '../../../server/adapters/in-memory/recording-sms-sender.adapter';
import { type TransactionalStores, type UnitOfWork } from '../../../server/ports/unit-of-work.port';
import { RegisterMemberUseCase } from '../../../server/use-cases/register-member.use-case';
import { ResetPasswordUseCase } from '../../../server/use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from '../../../server/use-cases/send-sms-code.use-case';
import { UpdateProfileUseCase } from '../../../server/use-cases/update-profile.use-case';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

class ConnectionLost extends Error {}

type StoreName = keyof TransactionalStores;

/**
 * The in-memory unit of work, except that one method of one store it hands out fails (as a
 * write whose connection drops): what was written before it in the unit must be undone.
 */
function failingUnitOfWork<S extends StoreName>(
  inner: UnitOfWork,
  store: S,
  method: keyof TransactionalStores[S] & string,
): UnitOfWork {
  return {
    run: (work) =>
      inner.run((stores) => {
        const target = stores[store] as object;
        const failing = new Proxy(target, {
          get(object, property) {
            if (property === method) {
              return async () => {
                throw new ConnectionLost(`${store}.${method}: connection lost`);
              };
            }
            const value: unknown = Reflect.get(object, property);
            return typeof value === 'function' ? value.bind(object) : value;
          },
        });
        return work({ ...stores, [store]: failing });
      }),
  };
}

const CODE_POLICY = { pepper: 'test pepper', maxAttempts: 3 };
const SESSION_A = '00000000-0000-4000-8000-00000000000a';
const SESSION_B = '00000000-0000-4000-8000-00000000000b';

async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new FakePasswordHasher();
  const random = new CryptoRandom();
  const sms = new RecordingSmsSender(clock);
  const member = aMemberRow({ passwordHash: await hasher.hash('the old password') });
  await stores.members.insert(member);
  for (const [id, tokenHash] of [
    [SESSION_A, 'hash-a'],
    [SESSION_B, 'hash-b'],
  ]) {
    await stores.sessions.create({
      id,
      memberId: member.id,
      tokenHash,
      now: new Date(clock.now()),
    });
  }
  const send = new SendSmsCodeUseCase(stores.unitOfWork, sms, clock, random, {
    ttlS: 300,
    resendCooldownS: 0,
    perPhonePerHour: 100,
    perAddressPerHour: 100,
    pepper: CODE_POLICY.pepper,
  });
  const codeFor = async (phoneNo: string, purpose: 'registration' | 'password_reset') => {
    const sent = await send.execute({ phoneNo, purpose, clientAddress: '203.0.113.7' });
    if (!sent.ok) throw new Error(JSON.stringify(sent.error));
    return sms.lastCode(phoneNo, purpose) ?? '';
  };
  const passwordIs = async (password: string) =>
    hasher.verify((await stores.members.findById(member.id))?.passwordHash ?? '', password);
  const revokedAt = async (tokenHash: string) =>
    (await stores.sessions.findByTokenHash(tokenHash))?.revokedAt;
  return { ...stores, clock, hasher, random, member, codeFor, passwordIs, revokedAt };
}

describe('changes of more than one row, on in-memory adapters', () => {
  it('a password change whose revocation fails keeps the old password and every session', async () => {
    const { unitOfWork, members, hasher, clock, member, passwordIs, revokedAt } = await setUp();
    const updateProfile = new UpdateProfileUseCase(
      members,
      failingUnitOfWork(unitOfWork, 'sessions', 'revokeAllForMember'),
      hasher,
      clock,
    );

    await expect(
      updateProfile.execute({
        memberId: member.id,
        sessionId: SESSION_A,
        change: { field: 'password', value: 'a brand new secret' },
      }),
    ).rejects.toBeInstanceOf(ConnectionLost);

    expect(await passwordIs('the old password')).toBe(true);
    expect(await revokedAt('hash-b')).toBeNull();
  });

  it('a reset whose revocation fails keeps the old password, the sessions and the code', async () => {
    const { unitOfWork, smsCodes, hasher, clock, member, codeFor, passwordIs, revokedAt } =
      await setUp();
    const code = await codeFor(member.phoneNo, 'password_reset');
    const input = { phoneNo: member.phoneNo, code, newPassword: 'another long password' };
    const failing = new ResetPasswordUseCase(
      failingUnitOfWork(unitOfWork, 'sessions', 'revokeAllForMember'),
      smsCodes,
      hasher,
      clock,
      CODE_POLICY,
    );

    await expect(failing.execute(input)).rejects.toBeInstanceOf(ConnectionLost);

    expect(await passwordIs('the old password')).toBe(true);
    expect(await revokedAt('hash-a')).toBeNull();
    expect((await smsCodes.latest(member.phoneNo, 'password_reset'))?.consumedAt).toBeNull();
    const working = new ResetPasswordUseCase(unitOfWork, smsCodes, hasher, clock, CODE_POLICY);
    expect(await working.execute(input)).toEqual({ ok: true, value: null });
    expect(await passwordIs('another long password')).toBe(true);
    expect(await revokedAt('hash-a')).toEqual(new Date(clock.now()));
  });

  it('a registration whose member insert fails leaves the code unused', async () => {
    const { unitOfWork, members, smsCodes, hasher, clock, random, codeFor } = await setUp();
    const newcomer = aMemberRow();
    const code = await codeFor(newcomer.phoneNo, 'registration');
    const input = {
      name: 'Siti Nur',
      nationality: 'Malaysian' as const,
      icOrPassport: newcomer.icOrPassport,
      phoneNo: newcomer.phoneNo,
      password: 'a long password',
      code,
    };
    const register = (uow: UnitOfWork) =>
      new RegisterMemberUseCase(uow, members, smsCodes, hasher, clock, random, CODE_POLICY);

    await expect(
      register(failingUnitOfWork(unitOfWork, 'members', 'insert')).execute(input),
    ).rejects.toBeInstanceOf(ConnectionLost);

    expect((await smsCodes.latest(newcomer.phoneNo, 'registration'))?.consumedAt).toBeNull();
    expect(await members.findByPhone(newcomer.phoneNo)).toBeNull();
    const registered = await register(unitOfWork).execute(input);
    expect(registered.ok).toBe(true);
  });

  it('a login whose session cannot be opened forgets none of the failures', async () => {
    const { unitOfWork, members, loginFailures, hasher, clock, random, member } = await setUp();
    const login = (uow: UnitOfWork) =>
      loginOver(
        { members, loginFailures, unitOfWork: uow },
        { hasher, clock, random, maxFailures: 10 },
      );
    const since = new Date(clock.now() - 60_000);
    await login(unitOfWork).execute({ icOrPassport: member.icOrPassport, password: 'wrong one' });

    await expect(
      login(failingUnitOfWork(unitOfWork, 'sessions', 'create')).execute({
        icOrPassport: member.icOrPassport,
        password: 'the old password',
      }),
    ).rejects.toBeInstanceOf(ConnectionLost);

    // The wrong password's failure and the failed login's own claim.
    expect(await loginFailures.failuresSince(member.icOrPassport, since)).toHaveLength(2);
    const ok = await login(unitOfWork).execute({
      icOrPassport: member.icOrPassport,
      password: 'the old password',
    });
    expect(ok.ok).toBe(true);
    expect(await loginFailures.failuresSince(member.icOrPassport, since)).toEqual([]);
  });
});

/** A fake hasher that takes a moment to verify (as argon2 does) and counts the verifications. */
class CountingSlowHasher extends FakePasswordHasher {
  verifications = 0;

  override async verify(hash: string, password: string): Promise<boolean> {
    this.verifications += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return super.verify(hash, password);
  }
}

describe('the login throttle under concurrency, on in-memory adapters', () => {
  it('verifies at most maxFailures of 50 simultaneous wrong passwords and refuses the rest unverified', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const hasher = new CountingSlowHasher();
    const member = aMemberRow({ passwordHash: await hasher.hash('the right password') });
    await stores.members.insert(member);
    const login = loginOver(stores, { hasher, clock, maxFailures: 10 });

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        login.execute({ icOrPassport: member.icOrPassport, password: `guess ${index}` }),
      ),
    );

    const codes = results.map((result) => (result.ok ? 'ok' : result.error.code));
    expect(codes.filter((code) => code === 'AUTH_INVALID_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((code) => code === 'AUTH_TOO_MANY_ATTEMPTS')).toHaveLength(40);
    expect(hasher.verifications).toBe(10);
    const right = await login.execute({
      icOrPassport: member.icOrPassport,
      password: 'the right password',
    });
    expect(right.ok).toBe(false);
    expect(hasher.verifications).toBe(10);
    expect(stores.tables.sessions.find((row) => row.memberId === member.id)).toEqual([]);
  });
});
