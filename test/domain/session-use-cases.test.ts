import { StorageKeys } from '../../src/domain/ports/storage.port';
import { CheckSessionUseCase } from '../../src/domain/use-cases/check-session.use-case';
import { LoginUseCase } from '../../src/domain/use-cases/login.use-case';
import { LogoutUseCase } from '../../src/domain/use-cases/logout.use-case';
import { aMember } from '../builders/session-user.builder';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';

describe('LoginUseCase', () => {
  it('sends the normalised IC and the password; on success stores the token and sets the bearer', async () => {
    const http = new FakeHttp().on('login', answer(aMember().buildLoginData('tok-1')));
    const storage = new InMemoryStorage();

    const result = await new LoginUseCase(http, storage).execute({
      icOrPassport: ' a1234567 ',
      password: 'secret123',
    });

    expect(result).toEqual({ ok: true, value: { user: aMember().build(), token: 'tok-1' } });
    expect(http.calls[0].request).toEqual({ ic_or_passport: 'A1234567', password: 'secret123' });
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(http.token).toBe('tok-1');
  });

  it.each([
    [
      'refused credentials',
      failure('AUTH_INVALID_CREDENTIALS'),
      { code: 'AUTH_INVALID_CREDENTIALS' },
    ],
    [
      'a success without a token',
      answer({ ...aMember().buildLoginData(), token: '' }),
      {
        code: 'INVALID_RESPONSE',
      },
    ],
  ] as const)('fails on %s and stores nothing', async (_case, reply, coded) => {
    const http = new FakeHttp().on('login', reply);
    const storage = new InMemoryStorage();

    const result = await new LoginUseCase(http, storage).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });

    expect(result).toEqual({ ok: false, error: { key: 'login.failed', ...coded } });
    expect(storage.items.size).toBe(0);
    expect(http.token).toBeNull();
  });

  it('fails with the fallback key and NO_ANSWER when the network is down', async () => {
    const http = new FakeHttp().failNetwork('login');
    const result = await new LoginUseCase(http, new InMemoryStorage()).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });
    expect(result).toEqual({ ok: false, error: { key: 'login.failed', code: 'NO_ANSWER' } });
  });

  it('passes a rate-limit wait on, with its code', async () => {
    const http = new FakeHttp().on(
      'login',
      failure('AUTH_TOO_MANY_ATTEMPTS', { retryAfterSeconds: 900 }),
    );
    const result = await new LoginUseCase(http, new InMemoryStorage()).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });
    expect(result).toEqual({
      ok: false,
      error: { key: 'login.failed', code: 'AUTH_TOO_MANY_ATTEMPTS', retryAfterSeconds: 900 },
    });
  });

  it("keeps the server's text only for a code the app does not know", async () => {
    const http = new FakeHttp().on(
      'login',
      failure('UNKNOWN_FAILURE', { httpStatus: 418, message: 'I am a teapot' }),
    );
    const result = await new LoginUseCase(http, new InMemoryStorage()).execute({
      icOrPassport: '900101145678',
      password: 'secret123',
    });
    expect(result).toEqual({
      ok: false,
      error: { key: 'login.failed', code: 'UNKNOWN_FAILURE', message: 'I am a teapot' },
    });
  });
});

describe('CheckSessionUseCase', () => {
  it('sets the bearer and answers the member when the server confirms', async () => {
    const http = new FakeHttp().on('sessionCheck', answer(aMember().buildDto()));
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new CheckSessionUseCase(http, storage).execute('tok-1');

    expect(result).toEqual({ ok: true, value: aMember().build() });
    expect(http.calls[0].token).toBe('tok-1');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
  });

  it.each([
    [
      'an ended session',
      (http: FakeHttp) => http.on('sessionCheck', failure('AUTH_SESSION_ENDED')),
    ],
    [
      'an answer that is not ours',
      (http: FakeHttp) => http.on('sessionCheck', failure('INVALID_RESPONSE', { httpStatus: 502 })),
    ],
    ['a network failure', (http: FakeHttp) => http.failNetwork('sessionCheck')],
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
    const http = new FakeHttp().on('sessionCheck', failure('INTERRUPTED'));
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new CheckSessionUseCase(http, storage).execute('tok-1');

    expect(result).toEqual({
      ok: false,
      error: { key: 'session.expired', code: 'INTERRUPTED', interrupted: true },
    });
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(http.token).toBe('tok-1');
  });
});

describe('LogoutUseCase', () => {
  it('calls the server with the bearer, then clears the stored token and the bearer', async () => {
    const http = new FakeHttp().on('logout', answer(undefined));
    http.setToken('tok-1');
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new LogoutUseCase(http, storage).execute();

    expect(result.ok).toBe(true);
    expect(http.calls[0].token).toBe('tok-1');
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
  });

  it.each([
    ['the server fails', failure('INTERNAL_ERROR')],
    ['the network is down', failure('NO_ANSWER')],
  ])('still clears everything locally when %s, and reports it', async (_case, reply) => {
    const http = new FakeHttp().on('logout', reply);
    http.setToken('tok-1');
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' });

    const result = await new LogoutUseCase(http, storage).execute();

    expect(result).toEqual({
      ok: false,
      error: { key: 'session.logoutFailed', code: reply.error.code },
    });
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
  });
});

describe('CheckSessionUseCase after a newer login', () => {
  it('leaves a newer stored token and its bearer alone when an older check fails', async () => {
    const storage = new InMemoryStorage({ [StorageKeys.token]: 'old' });
    const http = new FakeHttp().on('sessionCheck', () => {
      // A login completes while this check is in flight.
      storage.set(StorageKeys.token, 'new');
      http.setToken('new');
      return failure('AUTH_SESSION_ENDED');
    });

    const result = await new CheckSessionUseCase(http, storage).execute('old');

    expect(result.ok).toBe(false);
    expect(storage.get(StorageKeys.token)).toBe('new');
    expect(http.token).toBe('new');
  });
});
