import { type SessionRecord } from '../../../server/domain/session-policy';
import { GetProfileUseCase } from '../../../server/use-cases/get-profile.use-case';
import { UpdateProfileUseCase } from '../../../server/use-cases/update-profile.use-case';
import { FakePasswordHasher } from '../support/fake-password-hasher';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

async function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const hasher = new FakePasswordHasher();
  const member = aMemberRow({ name: 'Aisyah Rahman', phoneNo: '60121111111' });
  await stores.members.insert(member);
  const openSession = async (id: string, tokenHash: string) => {
    await stores.sessions.create({
      id,
      memberId: member.id,
      tokenHash,
      now: new Date(clock.now()),
    });
  };
  const session = async (tokenHash: string): Promise<SessionRecord | null> =>
    stores.sessions.findByTokenHash(tokenHash);
  return {
    ...stores,
    clock,
    hasher,
    member,
    openSession,
    session,
    getProfile: new GetProfileUseCase(stores.members),
    updateProfile: new UpdateProfileUseCase(stores.members, stores.unitOfWork, hasher, clock),
  };
}

const SESSION_A = '00000000-0000-4000-8000-00000000000a';
const SESSION_B = '00000000-0000-4000-8000-00000000000b';

describe('GetProfileUseCase on in-memory stores', () => {
  it('answers the member as they may see themselves, without the password hash', async () => {
    const { getProfile, member } = await setUp();
    expect(await getProfile.execute({ memberId: member.id })).toEqual({
      ok: true,
      value: {
        user_id: member.id,
        name: 'Aisyah Rahman',
        phone_no: '60121111111',
        ic_or_passport: member.icOrPassport,
        created_at: member.createdAt.toISOString(),
      },
    });
  });

  it('answers not found for a member that does not exist', async () => {
    const { getProfile } = await setUp();
    expect(await getProfile.execute({ memberId: SESSION_A })).toEqual({
      ok: false,
      error: { code: 'MEMBER_NOT_FOUND' },
    });
  });
});

describe('UpdateProfileUseCase on in-memory stores', () => {
  it('changes the name, trimmed', async () => {
    const { updateProfile, members, member, clock } = await setUp();
    await clock.advance(1000);
    const result = await updateProfile.execute({
      memberId: member.id,
      sessionId: SESSION_A,
      change: { field: 'name', value: '  Siti Nur  ' },
    });
    expect(result).toEqual({ ok: true, value: { field: 'name' } });
    expect(await members.findById(member.id)).toMatchObject({
      name: 'Siti Nur',
      updatedAt: new Date(clock.now()),
    });
  });

  it('refuses a phone another member has, and accepts its own', async () => {
    const { updateProfile, members, member } = await setUp();
    await members.insert(aMemberRow({ phoneNo: '60122222222' }));
    const change = (value: string) =>
      updateProfile.execute({
        memberId: member.id,
        sessionId: SESSION_A,
        change: { field: 'phone_no', value },
      });
    expect(await change('60122222222')).toEqual({
      ok: false,
      error: { code: 'MEMBER_PHONE_TAKEN' },
    });
    expect(await change('60121111111')).toEqual({ ok: true, value: { field: 'phone_no' } });
    expect(await change('60123333333')).toEqual({ ok: true, value: { field: 'phone_no' } });
    expect((await members.findById(member.id))?.phoneNo).toBe('60123333333');
  });

  it('changes the password and signs out every other session, keeping this one', async () => {
    const { updateProfile, members, member, hasher, openSession, session, clock } = await setUp();
    await openSession(SESSION_A, 'hash-a');
    await openSession(SESSION_B, 'hash-b');
    await clock.advance(1000);
    expect(
      await updateProfile.execute({
        memberId: member.id,
        sessionId: SESSION_A,
        change: { field: 'password', value: 'a brand new secret' },
      }),
    ).toEqual({ ok: true, value: { field: 'password' } });
    const stored = await members.findById(member.id);
    expect(await hasher.verify(stored?.passwordHash ?? '', 'a brand new secret')).toBe(true);
    expect((await session('hash-a'))?.revokedAt).toBeNull();
    expect((await session('hash-b'))?.revokedAt).toEqual(new Date(clock.now()));
  });
});
