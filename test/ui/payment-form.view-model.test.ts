import { PaymentFormMessages } from '../../src/domain/rules/payment-form';
import { setupPaymentScreen } from './payment.view-model.support';

describe('PaymentViewModel: the form', () => {
  it('starts at 50.00 in MYR with QR chosen and no logout without a user', () => {
    const { vm, session } = setupPaymentScreen();
    expect(vm.amount).toBe('50.00');
    expect(vm.currency).toBe('MYR');
    expect(vm.paymentMethod).toBe('qr');
    expect(vm.status).toBe('editing');
    expect(vm.showLogout).toBe(true);
    session.user = null;
    expect(vm.showLogout).toBe(false);
  });

  it('filters what is typed into the amount', () => {
    const { vm } = setupPaymentScreen();
    vm.setAmount('RM1a2.3.456');
    expect(vm.amount).toBe('12.34');
  });

  it.each([
    ['', PaymentFormMessages.amountRequired],
    ['.5', PaymentFormMessages.amountFormat],
    ['0', PaymentFormMessages.amountPositive],
    ['49.99', PaymentFormMessages.amountMinimum],
  ])('keeps the dialog closed for amount %p with %s', (amount, key) => {
    const { vm } = setupPaymentScreen();
    vm.setAmount(amount);
    vm.continueToPayment();
    expect(vm.errors.amount).toBe(key);
    expect(vm.dialogOpen).toBe(false);
  });

  it.each([
    ['', PaymentFormMessages.methodRequired],
    ['bankTransfer', PaymentFormMessages.methodInvalid],
    ['eWallet', PaymentFormMessages.methodInvalid],
  ])('rejects payment method %p with %s', (method, key) => {
    const { vm } = setupPaymentScreen();
    vm.setPaymentMethod(method);
    vm.continueToPayment();
    expect(vm.errors.paymentMethod).toBe(key);
    expect(vm.dialogOpen).toBe(false);
  });

  it('opens the confirmation dialog for a valid form, and Review closes it', () => {
    const { vm, http } = setupPaymentScreen();
    vm.setAmount('75.5');
    vm.continueToPayment();
    expect(vm.errors).toEqual({});
    expect(vm.dialogOpen).toBe(true);
    expect(vm.displayAmount).toBe('75.50');
    vm.review();
    expect(vm.status).toBe('editing');
    expect(http.calls).toHaveLength(0);
  });

  it('clears a field error once the field changes', () => {
    const { vm } = setupPaymentScreen();
    vm.setAmount('');
    vm.continueToPayment();
    vm.setAmount('60');
    expect(vm.errors.amount).toBeUndefined();
  });
});

describe('PaymentViewModel: logout', () => {
  it('toasts and goes to /login when the server confirmed', async () => {
    const { vm, session, notifier, navigation } = setupPaymentScreen();
    await vm.logout();
    expect(session.logouts).toBe(1);
    expect(notifier.last).toEqual({
      kind: 'success',
      message: { key: 'session.logoutSuccess' },
      autoCloseMs: 5000,
    });
    expect(navigation.current).toBe('/login');
    expect(vm.showLogout).toBe(false);
  });

  it('toasts the failure and stays when the server call failed', async () => {
    const { vm, session, notifier, navigation } = setupPaymentScreen();
    session.logoutConfirmed = false;
    await vm.logout();
    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'session.logoutFailed' },
      autoCloseMs: 5000,
    });
    expect(navigation.visits).toHaveLength(0);
  });

  it('still toasts and navigates when ending the session unmounted the screen first', async () => {
    const { vm, session, notifier, navigation } = setupPaymentScreen();
    // The guard unmounts this screen as soon as the session has no user.
    const logout = session.logout.bind(session);
    session.logout = async () => {
      const confirmed = await logout();
      vm.dispose();
      return confirmed;
    };
    await vm.logout();
    expect(notifier.last?.message).toEqual({ key: 'session.logoutSuccess' });
    expect(navigation.current).toBe('/login');
  });
});

describe('PaymentViewModel: footer', () => {
  it('Profile goes to /member/profile', () => {
    const { vm, navigation } = setupPaymentScreen();
    vm.goToProfile();
    expect(navigation.current).toBe('/member/profile');
  });
});
