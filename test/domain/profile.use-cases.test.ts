import { GetProfileUseCase } from '../../src/domain/use-cases/get-profile.use-case';
import { UpdateProfileUseCase } from '../../src/domain/use-cases/update-profile.use-case';
import type { ProfileUpdate } from '../../src/domain/model/profile';
import { profileData } from '../builders/profile-data';
import { FakeClock } from '../fakes/fake-clock';
import { FakeHttp } from '../fakes/fake-http';
import { QueryCache } from '../../src/domain/query-cache';

/** A cache that does not retry: these tests are about one read (retries: query-cache.test.ts). */
const oneTry = () => new QueryCache(new FakeClock(), { retries: 0 });

describe('GetProfileUseCase', () => {
  it('reads the profile from GET /user/profile/get', async () => {
    const http = new FakeHttp().on('GET', '/user/profile/get', { data: profileData });

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
    expect(http.callsTo('GET', '/user/profile/get')).toHaveLength(1);
  });

  it('turns missing and blank fields into null (shown as N/A)', async () => {
    const http = new FakeHttp().on('GET', '/user/profile/get', {
      data: { name: '  ', user_id: 7 },
    });

    const result = await new GetProfileUseCase(http, oneTry()).execute();

    expect(result).toEqual({
      ok: true,
      value: { name: null, phoneNo: null, icOrPassport: null, userId: '7', createdAt: null },
    });
  });

  it('fails with the server message when the status is not 1', async () => {
    const http = new FakeHttp().on('GET', '/user/profile/get', {
      httpStatus: 401,
      status: 0,
      message: 'Session expired',
    });

    expect(await new GetProfileUseCase(http, oneTry()).execute()).toEqual({
      ok: false,
      error: { serverMessage: 'Session expired' },
    });
  });

  it('fails when a success answer carries no data', async () => {
    const http = new FakeHttp().on('GET', '/user/profile/get', { status: 1, message: '' });

    expect(await new GetProfileUseCase(http, oneTry()).execute()).toEqual({
      ok: false,
      error: { serverMessage: '' },
    });
  });

  it('retries a network failure 3 times (after 1 s, 2 s, 4 s), then fails without a message', async () => {
    const http = new FakeHttp().failNetwork('GET', '/user/profile/get');
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
    expect(result).toEqual({ ok: false, error: {} });
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not retry a refusal, and keeps the profile read for the next screen', async () => {
    const http = new FakeHttp()
      .once('GET', '/user/profile/get', { httpStatus: 401, status: 0, message: 'No' })
      .on('GET', '/user/profile/get', { data: profileData });
    const getProfile = new GetProfileUseCase(http, new QueryCache(new FakeClock()));

    expect(await getProfile.execute()).toEqual({ ok: false, error: { serverMessage: 'No' } });
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
    const http = new FakeHttp().on('POST', '/user/profile/update', { message: 'Updated' });

    const result = await new UpdateProfileUseCase(http).execute(change);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(http.callsTo('POST', '/user/profile/update').map((c) => c.body)).toEqual([change]);
  });

  it('fails with the server message when the status is not 1', async () => {
    const http = new FakeHttp().on('POST', '/user/profile/update', {
      httpStatus: 400,
      status: 0,
      message: 'phone_no is invalid',
    });

    expect(await new UpdateProfileUseCase(http).execute({ phone_no: '0' })).toEqual({
      ok: false,
      error: { serverMessage: 'phone_no is invalid' },
    });
  });

  it('fails without a message when the network is down', async () => {
    const http = new FakeHttp().failNetwork('POST', '/user/profile/update');

    expect(await new UpdateProfileUseCase(http).execute({ name: 'Aminah' })).toEqual({
      ok: false,
      error: {},
    });
  });

  it('lets a bug (not an HTTP failure) propagate', async () => {
    const http = new FakeHttp().on('POST', '/user/profile/update', () => {
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
