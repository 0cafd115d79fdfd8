import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { AuthenticateSessionUseCase } from '../../../server/use-cases/authenticate-session.use-case';
import { PasskeyConfirmation } from '../../../server/use-cases/confirm-passkey';
import { PasswordConfirmation } from '../../../server/use-cases/confirm-password';
import { DeleteAccountUseCase } from '../../../server/use-cases/personal-data.use-case';
import { UpdateProfileUseCase } from '../../../server/use-cases/update-profile.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

const PASSWORD = 'correct horse battery';

/** A hasher whose next verify waits until the test lets it finish: a login caught mid-check. */
class GatedHasher extends FakePasswordHasher {
  private gate: Promise<void> | undefined;
  release: () => void = () => undefined;

  holdNextVerify(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  override async verify(hash: string, password: string): Promise<boolean> {
    const gate = this.gate;
    this.gate = undefined;
    if (gate !== undefined) await gate;
    return super.verify(hash, password);
  }
}

async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new GatedHasher();
  const random = new CryptoRandom();
  const member = aMemberRow({ passwordHash: await hasher.hash(PASSWORD) });
  await stores.members.insert(member);
  const login = loginOver(stores, { hasher, clock, maxFailures: 5 });
  const logIn = () =>
    login.execute({ icOrPassport: member.icOrPassport, password: PASSWORD, deviceLabel: 'x' });
  const deleteAccount = new DeleteAccountUseCase(
    stores.members,
    new PasswordConfirmation(stores.loginFailures, hasher, clock, random, 5),
    stores.unitOfWork,
    hasher,
    clock,
    random,
    new PasskeyConfirmation(
      stores.passkeys,
      clock,
      { name: () => 'Test', publicUrl: () => 'http://localhost' },
      () => undefined,
    ),
  );
  const erase = () =>
    deleteAccount.execute({ memberId: member.id, password: PASSWORD, confirmation: 'DELETE' });
  const profile = new UpdateProfileUseCase(stores.members, stores.unitOfWork, hasher, clock);
  const authenticate = new AuthenticateSessionUseCase(stores.sessions, clock);
  return { ...stores, hasher, member, logIn, erase, profile, authenticate };
}

describe('a deletion wins over the requests in flight', () => {
  it('gives no session to a login whose password was being checked when the account went', async () => {
    const s = await setUp();
    s.hasher.holdNextVerify();
    const login = s.logIn();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await s.erase()).toEqual({ ok: true, value: null });
    s.hasher.release();

    expect(await login).toMatchObject({ ok: false, error: { code: 'AUTH_INVALID_CREDENTIALS' } });
    expect(s.tables.sessions.all()).toEqual([]);
  });

  it('writes no name, phone or password back into the erased row', async () => {
    const s = await setUp();
    const session = await s.logIn();
    if (!session.ok) throw new Error('login');
    const sessionId = s.tables.sessions.all()[0].id;
    expect(await s.erase()).toEqual({ ok: true, value: null });
    const erasedRow = s.tables.members.get(s.member.id);

    for (const change of [
      { field: 'name', value: s.member.name },
      { field: 'phone_no', value: s.member.phoneNo },
      { field: 'password', value: PASSWORD },
    ] as const) {
      expect(await s.profile.execute({ memberId: s.member.id, sessionId, change })).toMatchObject({
        ok: false,
        error: { code: 'AUTH_SESSION_ENDED' },
      });
    }
    expect(s.tables.members.get(s.member.id)).toEqual(erasedRow);
    expect((await s.authenticate.execute({ token: session.value.token })).ok).toBe(false);
  });

  it('keeps no passkey made for a member erased meanwhile', async () => {
    const s = await setUp();
    await s.erase();
    const inserted = await s.passkeys.insert({
      id: '00000000-0000-4000-8000-00000000abcd',
      memberId: s.member.id,
      credentialId: 'cred-late',
      publicKey: 'key',
      signCount: 0,
      transports: [],
      name: 'Late',
      createdAt: new Date(),
      lastUsedAt: null,
    });
    expect(inserted).toEqual({ ok: false, conflict: 'no_member' });
    expect(s.tables.passkeys.all()).toEqual([]);
  });
});
