import { GetProfileUseCase } from '../../src/domain/use-cases/get-profile.use-case';
import { UpdateProfileUseCase } from '../../src/domain/use-cases/update-profile.use-case';
import type { ProfileDto } from '../../src/contract/api';
import type { ProfileUpdate } from '../../src/domain/model/profile';
import { profileData } from '../builders/profile-data';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { QueryCache } from '../../src/domain/query-cache';

/** A cache that does not retry: these tests are about one read (retries: query-cache.test.ts). */
const oneTry = () => new QueryCache(new FakeClock(), { retries: 0 });

describe('GetProfileUseCase', () => {
  it('reads the profile from GET /user/profile/get', async () => {
    const http = new FakeHttp().on('profile', answer(profileData));

    const result = await new GetProfileUseCase(http, oneTry()).execute();

    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Aminah binti Ali',
        phoneNo: '60123456789',
        icOrPassport: '900101145678',
        userId: 'u-42',
        createdAt: '2025-03-14T08:00:00.000Z',
      },
    });
    expect(http.callsTo('profile')).toHaveLength(1);
  });

  it('turns missing and blank fields into null (shown as N/A)', async () => {
    // An older server may leave fields out or send a number for user_id.
    const sparse = { name: '  ', user_id: 7 } as unknown as ProfileDto;
    const http = new FakeHttp().on('profile', answer(sparse));

    const result = await new GetProfileUseCase(http, oneTry()).execute();

    expect(result).toEqual({
      ok: true,
      value: { name: null, phoneNo: null, icOrPassport: null, userId: '7', createdAt: null },
    });
  });

  it('fails with the code of a refusal', async () => {
    const http = new FakeHttp().on('profile', failure('AUTH_SESSION_ENDED'));

    expect(await new GetProfileUseCase(http, oneTry()).execute()).toEqual({
      ok: false,
      error: { code: 'AUTH_SESSION_ENDED' },
    });
  });

  it('fails when a success answer carries no data', async () => {
    const http = new FakeHttp().on('profile', answer(undefined as unknown as ProfileDto));

    expect(await new GetProfileUseCase(http, oneTry()).execute()).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE' },
    });
  });

  it('retries a network failure 3 times (after 1 s, 2 s, 4 s), then fails with NO_ANSWER', async () => {
    const http = new FakeHttp().failNetwork('profile');
    const clock = new FakeClock();
    let result: unknown;
    void new GetProfileUseCase(http, new QueryCache(clock))
      .execute()
      .then((answer) => (result = answer));

    await clock.advance(0);
    expect(http.calls).toHaveLength(1);
    await clock.advance(1000);
    expect(http.calls).toHaveLength(2);
    await clock.advance(2000);
    expect(http.calls).toHaveLength(3);
    expect(result).toBeUndefined();
    await clock.advance(4000);
    expect(http.calls).toHaveLength(4);
    expect(result).toEqual({ ok: false, error: { code: 'NO_ANSWER' } });
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not retry a refusal, and keeps the profile read for the next screen', async () => {
    const http = new FakeHttp()
      .once('profile', failure('AUTH_REQUIRED'))
      .on('profile', answer(profileData));
    const getProfile = new GetProfileUseCase(http, new QueryCache(new FakeClock()));

    expect(await getProfile.execute()).toEqual({ ok: false, error: { code: 'AUTH_REQUIRED' } });
    expect(getProfile.cached()).toBeUndefined();
    const read = await getProfile.execute();
    expect(http.calls).toHaveLength(2);
    expect(getProfile.cached()).toEqual(read.ok && read.value);
  });
});

describe('UpdateProfileUseCase', () => {
  it.each<[string, ProfileUpdate]>([
    ['name', { name: 'Aminah' }],
    ['phone_no', { phone_no: '60198765432' }],
    ['password', { password: 'n3w-secret' }],
  ])('posts only the %s field to /user/profile/update', async (_field, change) => {
    const http = new FakeHttp().on('updateProfile', answer(undefined));

    const result = await new UpdateProfileUseCase(http).execute(change);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(http.callsTo('updateProfile').map((c) => c.request)).toEqual([change]);
  });

  it('fails with the code and the field at fault', async () => {
    const http = new FakeHttp().on(
      'updateProfile',
      failure('VALIDATION_FAILED', { field: 'phone_no' }),
    );

    expect(await new UpdateProfileUseCase(http).execute({ phone_no: '0' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', field: 'phone_no' },
    });
  });

  it('fails with NO_ANSWER when the network is down', async () => {
    const http = new FakeHttp().failNetwork('updateProfile');

    expect(await new UpdateProfileUseCase(http).execute({ name: 'Aminah' })).toEqual({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
  });

  it('lets a bug (not an HTTP failure) propagate', async () => {
    const http = new FakeHttp().on('updateProfile', () => {
      throw new TypeError('boom');
    });

    await expect(new UpdateProfileUseCase(http).execute({ name: 'Aminah' })).rejects.toThrow(
      'boom',
    );
  });

  it('cannot be given two fields at once (checked by tsc)', () => {
    // @ts-expect-error: a change carries exactly one of name, phone_no, password
    const twoFields: ProfileUpdate = { name: 'Aminah', password: 'n3w-secret' };
    expect(Object.keys(twoFields)).toHaveLength(2);
  });
});
