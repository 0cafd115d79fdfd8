import { CryptoRandom } from '../../../server/adapters/crypto-random.adapter';
import { personalDataExport } from '../../../server/http/routes/personal-data-export';
import { ERASED_MEMBER_NAME } from '../../../server/domain/personal-data';
import { type TransactionalStores, type UnitOfWork } from '../../../server/ports/unit-of-work.port';
import { AuthenticateSessionUseCase } from '../../../server/use-cases/authenticate-session.use-case';
import { PasskeyConfirmation } from '../../../server/use-cases/confirm-passkey';
import { PasswordConfirmation } from '../../../server/use-cases/confirm-password';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from '../../../server/use-cases/personal-data.use-case';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores, loginOver } from '../support/in-memory-stores';

const PASSWORD = 'correct horse battery';
const MAX_FAILURES = 3;

/** The in-memory unit of work whose erasure fails as a dropped connection would. */
function losingConnectionOnErase(inner: UnitOfWork): UnitOfWork {
  return {
    run: (work) =>
      inner.run((stores: TransactionalStores) =>
        work({
          ...stores,
          personalData: {
            recordsOf: (memberId) => stores.personalData.recordsOf(memberId),
            erase: async (memberId, erased, now) => {
              await stores.personalData.erase(memberId, erased, now);
              throw new Error('connection lost');
            },
          },
        }),
      ),
  };
}

async function setUp(options: { unitOfWork?: (inner: UnitOfWork) => UnitOfWork } = {}) {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new FakePasswordHasher();
  const random = new CryptoRandom();
  const member = aMemberRow({ passwordHash: await hasher.hash(PASSWORD) });
  await stores.members.insert(member);
  const login = loginOver(stores, { hasher, clock, maxFailures: MAX_FAILURES });
  const authenticate = new AuthenticateSessionUseCase(stores.sessions, clock);
  const logIn = async (password = PASSWORD, icOrPassport = member.icOrPassport) =>
    login.execute({ icOrPassport, password, deviceLabel: 'Chrome on Android' });
  const unitOfWork = options.unitOfWork?.(stores.unitOfWork) ?? stores.unitOfWork;
  const password = new PasswordConfirmation(
    stores.loginFailures,
    hasher,
    clock,
    random,
    MAX_FAILURES,
  );
  const deleteAccount = new DeleteAccountUseCase(
    stores.members,
    password,
    unitOfWork,
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
  const download = new DownloadPersonalDataUseCase(stores.unitOfWork, clock);
  return { ...stores, clock, member, logIn, authenticate, deleteAccount, download };
}

describe('your data: download', () => {
  it('lists the profile and sessions, with no hash, token or code', async () => {
    const s = await setUp();
    const first = await s.logIn();
    if (!first.ok) throw new Error('login');
    const answer = await s.download.execute({ memberId: s.member.id });
    if (!answer.ok) throw new Error('download');
    // As the member receives it: the route writes the download with personalDataExport.
    const download = personalDataExport(answer.value);
    expect(download).toEqual({
      exported_at: new Date(s.clock.now()).toISOString(),
      profile: {
        user_id: s.member.id,
        name: s.member.name,
        nationality: s.member.nationality,
        ic_or_passport: s.member.icOrPassport,
        phone_no: s.member.phoneNo,
        created_at: s.member.createdAt.toISOString(),
        updated_at: s.member.updatedAt.toISOString(),
      },
      sessions: [
        {
          device: 'Chrome on Android',
          started_at: new Date(s.clock.now()).toISOString(),
          last_active_at: new Date(s.clock.now()).toISOString(),
          signed_out_at: null,
        },
      ],
      payments: [],
      sms_codes_sent: [],
      passkeys: [],
    });
    const text = JSON.stringify(download);
    expect(text).not.toContain(s.member.passwordHash);
    expect(text).not.toContain(first.value.token);
  });
});

describe('your data: delete my account', () => {
  const asked = (s: { member: { id: string } }, password = PASSWORD, confirmation = 'DELETE') => ({
    memberId: s.member.id,
    password,
    confirmation,
  });

  it('erases the person: token, password and IC all fail afterwards; the IC may sign up again', async () => {
    const s = await setUp();
    const session = await s.logIn();
    if (!session.ok) throw new Error('login');

    expect(await s.deleteAccount.execute(asked(s, PASSWORD, ' delete '))).toEqual({
      ok: true,
      value: null,
    });
    expect((await s.authenticate.execute({ token: session.value.token })).ok).toBe(false);
    expect(await s.logIn()).toMatchObject({
      ok: false,
      error: { code: 'AUTH_INVALID_CREDENTIALS' },
    });
    expect(await s.members.findById(s.member.id)).toBeNull();
    expect(s.tables.members.get(s.member.id)).toMatchObject({
      name: ERASED_MEMBER_NAME,
      icOrPassport: `erased:${s.member.id}`,
    });
    expect(await s.members.findByIcOrPassport(s.member.icOrPassport)).toBeNull();
    expect(await s.members.insert(aMemberRow({ icOrPassport: s.member.icOrPassport }))).toEqual({
      ok: true,
    });
  });

  it('needs the typed confirmation, naming its field, before anything else', async () => {
    const s = await setUp();
    expect(await s.deleteAccount.execute(asked(s, PASSWORD, 'yes'))).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', field: 'confirmation', reason: 'deletion-not-confirmed' },
    });
    expect((await s.members.findById(s.member.id))?.name).toBe(s.member.name);
  });

  it('refuses a wrong password (403) and counts it with the login throttle', async () => {
    const s = await setUp();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      // The code's words name the password field (test/server/http/failure-words.test.ts).
      expect(await s.deleteAccount.execute(asked(s, 'wrong password'))).toEqual({
        ok: false,
        error: { code: 'PASSWORD_CONFIRMATION_WRONG' },
      });
    }
    // The window is full: the right password is refused here and at the login form alike.
    expect(await s.deleteAccount.execute(asked(s))).toMatchObject({
      ok: false,
      error: { code: 'AUTH_TOO_MANY_ATTEMPTS' },
    });
    expect(await s.logIn()).toMatchObject({ ok: false, error: { code: 'AUTH_TOO_MANY_ATTEMPTS' } });
    expect((await s.members.findById(s.member.id))?.name).toBe(s.member.name);
  });

  it('leaves the account whole when the connection is lost during the erasure', async () => {
    const s = await setUp({ unitOfWork: losingConnectionOnErase });
    const session = await s.logIn();
    if (!session.ok) throw new Error('login');

    await expect(s.deleteAccount.execute(asked(s))).rejects.toThrow('connection lost');
    expect(await s.members.findById(s.member.id)).toEqual(s.member);
    expect((await s.authenticate.execute({ token: session.value.token })).ok).toBe(true);
    expect((await s.logIn()).ok).toBe(true);
  });
});
