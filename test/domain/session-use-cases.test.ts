import { HttpError } from '../../src/domain/ports/http.port';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { CheckSessionUseCase } from '../../src/domain/use-cases/check-session.use-case';
import { LoginUseCase } from '../../src/domain/use-cases/login.use-case';
import { LogoutUseCase } from '../../src/domain/use-cases/logout.use-case';
import { aMember } from '../builders/session-user.builder';
import { FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';

// Failed calls are logged (the spec); keep the test output quiet.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('LoginUseCase', () => {
  it('sends the normalised IC and the password; on status 1 stores the token and sets the bearer', async () => {
    const http = new FakeHttp().on('POST', '/service/login', {
      data: aMember().buildLoginData('tok-1'),
    });
    const storage = new InMemoryStorage();

    const result = await new LoginUseCase(http, storage).execute({
      icOrPassport: ' a1234567 ',
      password: 'secret123',
    });

    expect(result).toEqual({ ok: true, value: { user: aMember().build(), token: 'tok-1' } });
    expect(http.calls[0].body).toEqual({ ic_or_passport: 'A1234567', password: 'secret123' });
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(http.token).toBe('tok-1');
  });

  it.each([
    [
      'status 0 with a message',
      { httpStatus: 401, status: 0, message: 'Invalid credentials' },
      'Invalid credentials',
    ],
    ['status 1 without data', { status: 1, message: '' }, undefined],
  ])('fails on %s and stores nothing', async (_case, reply, serverMessage) => {
    const http = new FakeHttp().on('POST', '/service/login', reply);
    const storage = new InMemoryStorage();

    const result = await new LoginUseCase(http, storage).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });

    expect(result).toEqual({
      ok: false,
      error: { key: 'login.failed', ...(serverMessage ? { serverMessage } : {}) },
    });
    expect(storage.items.size).toBe(0);
    expect(http.token).toBeNull();
  });

  it('fails with the fallback key when the network is down', async () => {
    const http = new FakeHttp().failNetwork('POST', '/service/login');
    const result = await new LoginUseCase(http, new InMemoryStorage()).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });
    expect(result).toEqual({ ok: false, error: { key: 'login.failed' } });
  });

  it('passes a rate-limit wait on', async () => {
    const http = new FakeHttp().on('POST', '/service/login', {
      httpStatus: 429,
      status: 0,
      message: 'Too many attempts',
      retryAfterSeconds: 900,
    });
    const result = await new LoginUseCase(http, new InMemoryStorage()).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });
    expect(result).toEqual({
      ok: false,
      error: { key: 'login.failed', serverMessage: 'Too many attempts', retryAfterSeconds: 900 },
    });
  });
});

describe('CheckSessionUseCase', () => {
  it('sets the bearer and answers the member on status 1 with data', async () => {
    const http = new FakeHttp().on('POST', '/service/session-check', {
      data: aMember().buildDto(),
    });
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new CheckSessionUseCase(http, storage).execute('tok-1');

    expect(result).toEqual({ ok: true, value: aMember().build() });
    expect(http.calls[0].token).toBe('tok-1');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
  });

  it.each([
    [
      'a 401',
      (http: FakeHttp) =>
        http.on('POST', '/service/session-check', {
          httpStatus: 401,
          status: 0,
          message: 'Unauthorised',
        }),
    ],
    [
      'status 1 without data',
      (http: FakeHttp) => http.on('POST', '/service/session-check', { status: 1 }),
    ],
    ['a network failure', (http: FakeHttp) => http.failNetwork('POST', '/service/session-check')],
  ])('clears the stored token and the bearer on %s', async (_case, script) => {
    const http = new FakeHttp();
    script(http);
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new CheckSessionUseCase(http, storage).execute('tok-1');

    expect(result.ok).toBe(false);
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
  });

  it('keeps the token when the check was cut off by the page being left', async () => {
    const http = new FakeHttp().on('POST', '/service/session-check', () => {
      throw new HttpError('Failed to fetch', 'interrupted');
    });
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new CheckSessionUseCase(http, storage).execute('tok-1');

    expect(result).toEqual({ ok: false, error: { key: 'session.expired', interrupted: true } });
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(http.token).toBe('tok-1');
  });
});

describe('LogoutUseCase', () => {
  it('calls the server with the bearer, then clears the stored token and the bearer', async () => {
    const http = new FakeHttp().on('POST', '/service/logout', { message: 'Logged out' });
    http.setToken('tok-1');
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new LogoutUseCase(http, storage).execute();

    expect(result.ok).toBe(true);
    expect(http.calls[0].token).toBe('tok-1');
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
  });

  it.each([
    [
      'the server refuses',
      (http: FakeHttp) =>
        http.on('POST', '/service/logout', { httpStatus: 500, status: 0, message: '' }),
    ],
    ['the network is down', (http: FakeHttp) => http.failNetwork('POST', '/service/logout')],
  ])('still clears everything locally when %s', async (_case, script) => {
    const http = new FakeHttp();
    script(http);
    http.setToken('tok-1');
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new LogoutUseCase(http, storage).execute();

    expect(result).toEqual({ ok: false, error: { key: 'session.logoutFailed' } });
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
  });
});

describe('CheckSessionUseCase after a newer login', () => {
  it('leaves a newer stored token and its bearer alone when an older check fails', async () => {
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'old' });
    const http = new FakeHttp().on('POST', '/service/session-check', () => {
      // A login completes while this check is in flight.
      storage.set(StorageKeys.token, 'new');
      http.setToken('new');
      return { httpStatus: 401, status: 0, message: '' };
    });

    const result = await new CheckSessionUseCase(http, storage).execute('old');

    expect(result.ok).toBe(false);
    expect(storage.get(StorageKeys.token)).toBe('new');
    expect(http.token).toBe('new');
  });
});
