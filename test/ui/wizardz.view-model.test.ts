import { StorageKeys } from '../../src/domain/ports/storage.port';
import { SubscribeNewsletterUseCase } from '../../src/domain/use-cases/subscribe-newsletter.use-case';
import { WizardzViewModel } from '../../src/ui/screens/wizardz/wizardz.view-model';
import { InMemoryStorage } from '../fakes/in-memory-storage';

function setUp() {
  const storage = new InMemoryStorage();
  return { storage, vm: new WizardzViewModel(new SubscribeNewsletterUseCase(storage)) };
}

describe('WizardzViewModel (subscribe box: check the address, keep it once, thank inline)', () => {
  it.each([
    ['', 'wizardz.subscribe.emailRequired'],
    ['   ', 'wizardz.subscribe.emailRequired'],
    ['not-an-email', 'wizardz.subscribe.emailInvalid'],
    ['a@b', 'wizardz.subscribe.emailInvalid'],
  ])('rejects %p with %p and keeps nothing', (email, key) => {
    const { vm, storage } = setUp();
    vm.setEmail(email);

    vm.submit();

    expect(vm.emailError).toBe(key);
    expect(vm.subscribed).toBe(false);
    expect(storage.get(StorageKeys.newsletter)).toBeNull();
  });

  it('thanks the visitor for a valid address, keeps it, and clears the box', () => {
    const { vm, storage } = setUp();
    vm.setEmail(' aminah@example.com ');

    vm.submit();

    expect(vm.emailError).toBeNull();
    expect(vm.thanks).toBe('wizardz.subscribe.thanks');
    expect(vm.email).toBe('');
    expect(JSON.parse(storage.get(StorageKeys.newsletter) ?? '[]')).toEqual(['aminah@example.com']);
  });

  it('the same address again is kept once, and the visitor is told they are already on the list', () => {
    const { vm, storage } = setUp();
    vm.setEmail('aminah@example.com');
    vm.submit();
    vm.setEmail('AMINAH@example.com');
    vm.submit();
    expect(vm.thanks).toBe('wizardz.subscribe.alreadySubscribed');
    expect(JSON.parse(storage.get(StorageKeys.newsletter) ?? '[]')).toEqual(['aminah@example.com']);
  });

  it('typing again clears the error and the thanks', () => {
    const { vm } = setUp();
    vm.submit();
    vm.setEmail('a');
    expect(vm.emailError).toBeNull();

    vm.setEmail('aminah@example.com');
    vm.submit();
    vm.setEmail('x');
    expect(vm.subscribed).toBe(false);
  });
});
