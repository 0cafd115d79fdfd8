import { err } from '../../src/contract/result';
import type { PersonalDataExport } from '../../src/contract/personal-data';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { MemberSessionsUseCase } from '../../src/domain/use-cases/member-sessions.use-case';
import { PasskeyLoginUseCase } from '../../src/domain/use-cases/passkey-login.use-case';
import {
  AddPasskeyUseCase,
  ManagePasskeysUseCase,
} from '../../src/domain/use-cases/passkeys.use-case';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
  personalDataFileName,
} from '../../src/domain/use-cases/personal-data.use-case';
import { aMember } from '../builders/session-user.builder';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { aRegistration, anAssertion, FakePasskeys } from '../fakes/fake-passkeys';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingFileSaver } from '../fakes/recording-file-saver';

const SESSION_ID = '0b7e5a5e-1f1b-4c47-9a52-3d7c1f0a9e11';
const options = { challenge: 'challenge-1', rpId: 'localhost' };
const aPasskeyDto = {
  passkey_id: 'pk-1',
  name: 'My phone',
  created_at: '2026-11-24T01:00:00.000Z',
  last_used_at: null,
};

describe('MemberSessionsUseCase', () => {
  it('lists the sessions in the domain shape, in the order given', async () => {
    const http = new FakeHttp().on(
      'memberSessions',
      answer({
        sessions: [
          {
            session_id: SESSION_ID,
            device: 'Chrome on Android',
            started_at: '2026-11-24T01:00:00.000Z',
            last_active_at: '2026-11-24T02:00:00.000Z',
            current: true,
          },
        ],
      }),
    );
    const result = await new MemberSessionsUseCase(http).list();
    expect(result).toEqual({
      ok: true,
      value: [
        {
          id: SESSION_ID,
          device: 'Chrome on Android',
          startedAt: '2026-11-24T01:00:00.000Z',
          lastActiveAt: '2026-11-24T02:00:00.000Z',
          current: true,
        },
      ],
    });
  });

  it('signs one session out by its id, and reads a foreign one as SESSION_NOT_FOUND', async () => {
    const http = new FakeHttp().on('signOutSession', failure('SESSION_NOT_FOUND'));
    const result = await new MemberSessionsUseCase(http).signOut(SESSION_ID);
    expect(http.callsTo('signOutSession')[0].request).toEqual({ session_id: SESSION_ID });
    expect(result).toEqual(
      err(
        expect.objectContaining({
          code: 'SESSION_NOT_FOUND',
          key: 'security.sessions.signOutFailed',
        }),
      ),
    );
  });

  it('says how many other sessions were ended', async () => {
    const http = new FakeHttp().on('signOutOtherSessions', answer({ signed_out: 2 }));
    expect(await new MemberSessionsUseCase(http).signOutOthers()).toEqual({ ok: true, value: 2 });
  });

  it('gives the fallback text when the list gets no answer', async () => {
    const http = new FakeHttp().failNetwork('memberSessions');
    const result = await new MemberSessionsUseCase(http).list();
    expect(result).toEqual(err({ code: 'NO_ANSWER', key: 'security.sessions.loadFailed' }));
  });
});

describe('AddPasskeyUseCase', () => {
  const setUp = () => {
    const http = new FakeHttp()
      .on('passkeyRegistrationOptions', answer({ options }))
      .on('registerPasskey', answer(aPasskeyDto));
    const passkeys = new FakePasskeys();
    return { http, passkeys, add: new AddPasskeyUseCase(http, passkeys) };
  };

  it('confirms the password, creates the credential for the API options and registers it named', async () => {
    const { http, passkeys, add } = setUp();
    const result = await add.execute({ password: 'secret123', name: '  My phone ' });
    expect(http.callsTo('passkeyRegistrationOptions')[0].request).toEqual({
      password: 'secret123',
    });
    expect(passkeys.created).toEqual([options]);
    expect(http.callsTo('registerPasskey')[0].request).toEqual({
      name: 'My phone',
      credential: aRegistration(),
    });
    expect(result).toEqual({
      ok: true,
      value: { id: 'pk-1', name: 'My phone', createdAt: aPasskeyDto.created_at, lastUsedAt: null },
    });
  });

  it('asks the browser nothing when the password is wrong', async () => {
    const { http, passkeys, add } = setUp();
    http.on('passkeyRegistrationOptions', failure('PASSWORD_CONFIRMATION_WRONG'));
    const result = await add.execute({ password: 'wrong-one', name: 'Laptop' });
    expect(result.ok || result.error.code).toBe('PASSWORD_CONFIRMATION_WRONG');
    expect(passkeys.created).toHaveLength(0);
    expect(http.callsTo('registerPasskey')).toHaveLength(0);
  });

  it('registers nothing when the member cancels the browser prompt', async () => {
    const { http, passkeys, add } = setUp();
    passkeys.creations.push(err('CANCELLED'));
    const result = await add.execute({ password: 'secret123', name: 'Laptop' });
    expect(result).toEqual(err({ key: 'security.passkeys.cancelled', ceremony: 'CANCELLED' }));
    expect(http.callsTo('registerPasskey')).toHaveLength(0);
  });

  it('calls nothing in a browser without WebAuthn', async () => {
    const { http, passkeys, add } = setUp();
    passkeys.supported = false;
    const result = await add.execute({ password: 'secret123', name: 'Laptop' });
    expect(result.ok ? null : result.error).toMatchObject({ ceremony: 'NOT_SUPPORTED' });
    expect(http.calls).toHaveLength(0);
  });
});

describe('ManagePasskeysUseCase', () => {
  it('lists, renames (trimmed) and removes by id', async () => {
    const http = new FakeHttp()
      .on('passkeys', answer({ passkeys: [aPasskeyDto] }))
      .on('renamePasskey', answer(undefined))
      .on('removePasskey', failure('PASSKEY_NOT_FOUND'));
    const manage = new ManagePasskeysUseCase(http);
    expect((await manage.list()).ok).toBe(true);
    expect((await manage.rename('pk-1', ' Work laptop ')).ok).toBe(true);
    expect(http.callsTo('renamePasskey')[0].request).toEqual({
      passkey_id: 'pk-1',
      name: 'Work laptop',
    });
    const removed = await manage.remove('pk-2');
    expect(removed.ok || removed.error.code).toBe('PASSKEY_NOT_FOUND');
  });
});

describe('PasskeyLoginUseCase', () => {
  const setUp = () => {
    const http = new FakeHttp()
      .on('passkeyLoginOptions', answer({ options }))
      .on('passkeyLogin', answer(aMember().buildLoginData('tok-pk')));
    const storage = new InMemoryStorage();
    const passkeys = new FakePasskeys();
    return { http, storage, passkeys, login: new PasskeyLoginUseCase(http, storage, passkeys) };
  };

  it('signs in with the signed challenge and keeps the session like a password login', async () => {
    const { http, storage, passkeys, login } = setUp();
    const result = await login.execute({ autofill: false });
    expect(passkeys.requested).toEqual([{ options, autofill: false }]);
    expect(http.callsTo('passkeyLogin')[0].request).toEqual({ credential: anAssertion() });
    expect(result).toEqual({ ok: true, value: { user: aMember().build(), token: 'tok-pk' } });
    expect(storage.get(StorageKeys.token)).toBe('tok-pk');
    expect(http.token).toBe('tok-pk');
  });

  it('keeps no session when the API refuses the answer', async () => {
    const { http, storage, login } = setUp();
    http.on('passkeyLogin', failure('PASSKEY_REJECTED'));
    const result = await login.execute({ autofill: false });
    expect(result.ok || result.error).toMatchObject({
      code: 'PASSKEY_REJECTED',
      key: 'login.passkeyFailed',
    });
    expect(storage.get(StorageKeys.token)).toBeNull();
  });

  it('waits for the autofill pick and ends quietly when cancelled', async () => {
    const { http, passkeys, login } = setUp();
    const waiting = login.execute({ autofill: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(passkeys.isWaiting).toBe(true);
    login.cancel();
    expect(await waiting).toEqual(
      err({ key: 'security.passkeys.cancelled', ceremony: 'CANCELLED' }),
    );
    expect(http.callsTo('passkeyLogin')).toHaveLength(0);
  });

  it('offers autofill only where the browser has WebAuthn and conditional mediation', async () => {
    const { passkeys, login } = setUp();
    expect(await login.supportsAutofill()).toBe(true);
    passkeys.autofill = false;
    expect(await login.supportsAutofill()).toBe(false);
    passkeys.supported = false;
    passkeys.autofill = true;
    expect(login.isSupported()).toBe(false);
    expect(await login.supportsAutofill()).toBe(false);
  });
});

describe('DownloadPersonalDataUseCase', () => {
  const exported = {
    exported_at: '2026-11-24T16:30:00.000Z',
    passkeys: [],
  } as unknown as PersonalDataExport;

  it('saves the export as a JSON file dated in Malaysia time', async () => {
    // 16:30 UTC on 24 November is already 25 November in Malaysia.
    const clock = new FakeClock(Date.UTC(2026, 10, 24, 16, 30));
    const http = new FakeHttp().on('personalData', answer(exported));
    const saver = new RecordingFileSaver();
    const result = await new DownloadPersonalDataUseCase(http, saver, clock).execute();
    expect(result.ok).toBe(true);
    expect(saver.saved[0].contentType).toBe('application/json');
    expect(saver.files[0].fileName).toBe('my-data-2026-11-25.json');
    expect(JSON.parse(saver.files[0].text)).toEqual(exported);
  });

  it('saves nothing when the export fails', async () => {
    const http = new FakeHttp().on('personalData', failure('RATE_LIMITED'));
    const saver = new RecordingFileSaver();
    const result = await new DownloadPersonalDataUseCase(http, saver, new FakeClock()).execute();
    expect(result.ok || result.error.code).toBe('RATE_LIMITED');
    expect(saver.saved).toHaveLength(0);
  });

  it('names the file by the Malaysian date, before and after midnight there', () => {
    expect(personalDataFileName(Date.UTC(2026, 0, 1, 15, 59))).toBe('my-data-2026-01-01.json');
    expect(personalDataFileName(Date.UTC(2026, 0, 1, 16, 0))).toBe('my-data-2026-01-02.json');
  });
});

describe('DeleteAccountUseCase', () => {
  it('sends the password and the typed word, then forgets the token', async () => {
    const http = new FakeHttp().on('deleteAccount', answer(undefined));
    const storage = new InMemoryStorage();
    storage.set(StorageKeys.token, 'tok-1');
    http.setToken('tok-1');
    const result = await new DeleteAccountUseCase(http, storage, new FakePasskeys()).execute({
      password: 'secret123',
      confirmation: ' delete ',
    });
    expect(result.ok).toBe(true);
    expect(http.callsTo('deleteAccount')[0].request).toEqual({
      password: 'secret123',
      confirmation: 'delete',
    });
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.token).toBeNull();
  });

  it('keeps the session when the password is wrong', async () => {
    const http = new FakeHttp().on('deleteAccount', failure('PASSWORD_CONFIRMATION_WRONG'));
    const storage = new InMemoryStorage();
    storage.set(StorageKeys.token, 'tok-1');
    const result = await new DeleteAccountUseCase(http, storage, new FakePasskeys()).execute({
      password: 'wrong-one',
      confirmation: 'DELETE',
    });
    expect(result.ok || result.error.code).toBe('PASSWORD_CONFIRMATION_WRONG');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
  });
});
