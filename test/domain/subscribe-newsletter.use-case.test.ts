import { StorageKeys } from '../../src/domain/ports/storage.port';
import { SubscribeNewsletterUseCase } from '../../src/domain/use-cases/subscribe-newsletter.use-case';
import { InMemoryStorage } from '../fakes/in-memory-storage';

const stored = (storage: InMemoryStorage) =>
  JSON.parse(storage.get(StorageKeys.newsletter) ?? '[]') as string[];

describe('SubscribeNewsletterUseCase', () => {
  it('refuses an empty or malformed address and stores nothing', () => {
    const storage = new InMemoryStorage();
    const subscribe = new SubscribeNewsletterUseCase(storage);
    expect(subscribe.execute({ email: '  ' })).toEqual({
      ok: false,
      error: { key: 'wizardz.subscribe.emailRequired' },
    });
    expect(subscribe.execute({ email: 'not-an-address' })).toEqual({
      ok: false,
      error: { key: 'wizardz.subscribe.emailInvalid' },
    });
    expect(storage.items.size).toBe(0);
  });

  it('stores a valid address once, however often and in whatever case it is sent', () => {
    const storage = new InMemoryStorage();
    const subscribe = new SubscribeNewsletterUseCase(storage);
    expect(subscribe.execute({ email: 'Aisyah@Example.com ' })).toEqual({
      ok: true,
      value: { email: 'aisyah@example.com', alreadySubscribed: false },
    });
    expect(subscribe.execute({ email: 'aisyah@example.com' })).toEqual({
      ok: true,
      value: { email: 'aisyah@example.com', alreadySubscribed: true },
    });
    subscribe.execute({ email: 'wei@example.my' });
    expect(stored(storage)).toEqual(['aisyah@example.com', 'wei@example.my']);
  });

  it('starts a fresh list over unreadable storage', () => {
    const storage = new InMemoryStorage({ [StorageKeys.newsletter]: 'oops' });
    new SubscribeNewsletterUseCase(storage).execute({ email: 'a@b.co' });
    expect(stored(storage)).toEqual(['a@b.co']);
  });
});
