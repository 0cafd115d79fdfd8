import { WizardzViewModel } from '../../src/ui/screens/wizardz/wizardz.view-model';

describe('WizardzViewModel (subscribe box: check the address, thank inline, send nothing)', () => {
  it.each([
    ['', 'wizardz.subscribe.emailRequired'],
    ['   ', 'wizardz.subscribe.emailRequired'],
    ['not-an-email', 'wizardz.subscribe.emailInvalid'],
    ['a@b', 'wizardz.subscribe.emailInvalid'],
  ])('rejects %p with %p', (email, key) => {
    const vm = new WizardzViewModel();
    vm.setEmail(email);

    vm.submit();

    expect(vm.emailError).toBe(key);
    expect(vm.subscribed).toBe(false);
  });

  it('thanks the visitor for a valid address and clears the box', () => {
    const vm = new WizardzViewModel();
    vm.setEmail(' aminah@example.com ');

    vm.submit();

    expect(vm.emailError).toBeNull();
    expect(vm.subscribed).toBe(true);
    expect(vm.email).toBe('');
  });

  it('typing again clears the error and the thanks', () => {
    const vm = new WizardzViewModel();
    vm.submit();
    vm.setEmail('a');
    expect(vm.emailError).toBeNull();

    vm.setEmail('aminah@example.com');
    vm.submit();
    vm.setEmail('x');
    expect(vm.subscribed).toBe(false);
  });
});
