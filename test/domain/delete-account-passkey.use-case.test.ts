import { err } from '../../src/contract/result';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { DeleteAccountUseCase } from '../../src/domain/use-cases/personal-data.use-case';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { anAssertion, FakePasskeys } from '../fakes/fake-passkeys';
import { InMemoryStorage } from '../fakes/in-memory-storage';

const options = { challenge: 'deletion-challenge', allowCredentials: [] };

function setUp() {
  const http = new FakeHttp()
    .on('deleteAccountPasskeyOptions', answer({ options }))
    .on('deleteAccount', answer(undefined));
  const storage = new InMemoryStorage();
  storage.set(StorageKeys.token, 'tok-1');
  const passkeys = new FakePasskeys();
  return { http, storage, passkeys, useCase: new DeleteAccountUseCase(http, storage, passkeys) };
}

describe('DeleteAccountUseCase with a passkey instead of the password', () => {
  it('answers the API challenge with the passkey and sends it with the typed word', async () => {
    const { http, storage, passkeys, useCase } = setUp();
    const result = await useCase.executeWithPasskey({ confirmation: ' DELETE ' });
    expect(result.ok).toBe(true);
    expect(passkeys.requested).toEqual([{ options, autofill: false }]);
    expect(http.callsTo('deleteAccount')[0].request).toEqual({
      passkey: anAssertion(),
      confirmation: 'DELETE',
    });
    expect(storage.get(StorageKeys.token)).toBeNull();
  });

  it('deletes nothing when the member dismisses the prompt', async () => {
    const { http, storage, passkeys, useCase } = setUp();
    passkeys.assertions.push(err('CANCELLED'));
    const result = await useCase.executeWithPasskey({ confirmation: 'DELETE' });
    expect(result).toEqual(err({ key: 'security.passkeys.cancelled', ceremony: 'CANCELLED' }));
    expect(http.callsTo('deleteAccount')).toHaveLength(0);
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
  });

  it('keeps the session when the API refuses the answer', async () => {
    const { http, storage, useCase } = setUp();
    http.on('deleteAccount', failure('PASSKEY_REJECTED'));
    const result = await useCase.executeWithPasskey({ confirmation: 'DELETE' });
    expect(result.ok || result.error.code).toBe('PASSKEY_REJECTED');
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
  });

  it('asks the browser nothing when the member has no passkey (404 on the options)', async () => {
    const { http, passkeys, useCase } = setUp();
    http.on('deleteAccountPasskeyOptions', failure('PASSKEY_NOT_FOUND'));
    const result = await useCase.executeWithPasskey({ confirmation: 'DELETE' });
    expect(result.ok || result.error.code).toBe('PASSKEY_NOT_FOUND');
    expect(passkeys.requested).toEqual([]);
  });
});
