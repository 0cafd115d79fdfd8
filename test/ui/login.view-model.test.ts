import { StorageKeys } from '../../src/domain/ports/storage.port';
import { loginViewModelOver } from '../builders/passkey-login';
import { aMember } from '../builders/session-user.builder';
import { answer, failure, FakeHttp } from '../fakes/fake-http';

const setUp = () => loginViewModelOver(new FakeHttp());

describe('LoginViewModel', () => {
  it('shows field errors and calls nothing when the form is invalid', async () => {
    const { http, vm } = setUp();
    await vm.submit();
    expect(vm.errors).toEqual({
      icOrPassport: 'validation.icRequired',
      password: 'validation.passwordRequired',
    });
    expect(http.calls).toHaveLength(0);
  });

  it('clears a field error as soon as the field becomes valid', async () => {
    const { vm } = setUp();
    await vm.submit();
    vm.setField('icOrPassport', '90010114567');
    expect(vm.errors.icOrPassport).toBe('validation.icInvalid');
    vm.setField('icOrPassport', '900101145678');
    expect(vm.errors.icOrPassport).toBeUndefined();
  });

  it('on success: is busy meanwhile, logs the member in, toasts and goes to /payment', async () => {
    const { http, storage, session, notifier, navigation, vm } = setUp();
    http.on('login', answer(aMember().buildLoginData('tok-1')));
    vm.setField('icOrPassport', '900101145678');
    vm.setField('password', 'secret123');

    const submitting = vm.submit();
    expect(vm.status).toBe('submitting');
    await submitting;

    expect(vm.status).toBe('idle');
    expect(session.isAuthenticated).toBe(true);
    expect(session.user).toEqual(aMember().build());
    expect(storage.get(StorageKeys.token)).toBe('tok-1');
    expect(notifier.toasts).toEqual([
      { kind: 'success', message: { key: 'login.success' }, autoCloseMs: undefined },
    ]);
    expect(navigation.visits).toEqual([{ path: '/payment', replace: false }]);
  });

  it("shows the failure code's text, else the fallback", async () => {
    const { http, notifier, navigation, session, vm } = setUp();
    http.once('login', failure('AUTH_INVALID_CREDENTIALS')).failNetwork('login');
    vm.setField('icOrPassport', '900101145678');
    vm.setField('password', 'secret123');

    await vm.submit();
    await vm.submit();

    expect(notifier.toasts.map((t) => t.message)).toEqual([
      { key: 'serverMessages.loginFailed' },
      { key: 'login.failed' },
    ]);
    expect(navigation.visits).toEqual([]);
    expect(session.isAuthenticated).toBe(false);
    expect(vm.status).toBe('idle');
  });

  it('ignores a second submit while one is in flight', async () => {
    const { http, vm } = setUp();
    http.on('login', answer(aMember().buildLoginData()));
    vm.setField('icOrPassport', '900101145678');
    vm.setField('password', 'secret123');
    await Promise.all([vm.submit(), vm.submit()]);
    expect(http.callsTo('login')).toHaveLength(1);
  });

  it('after the guard sent the visitor here, a login takes them where they were going', async () => {
    const { http, navigation, vm } = setUp();
    http.on('login', answer(aMember().buildLoginData('tok-1')));
    vm.setReturnTo('/bookmarks?sort=year');
    vm.setField('icOrPassport', '900101145678');
    vm.setField('password', 'secret123');
    await vm.submit();
    expect(navigation.visits).toEqual([{ path: '/bookmarks?sort=year', replace: false }]);
  });

  it.each([
    ['/member/payments', '/member/payments', 'login.successReturning'],
    ['/', '/payment', 'login.success'],
    ['/?from=bookmark', '/payment', 'login.success'],
    ['/payment', '/payment', 'login.success'],
  ])('with next=%j goes to %j and toasts %s', async (next, path, key) => {
    const { http, navigation, notifier, vm } = setUp();
    http.on('login', answer(aMember().buildLoginData('tok-1')));
    vm.setReturnTo(next);
    vm.setField('icOrPassport', '900101145678');
    vm.setField('password', 'secret123');
    await vm.submit();
    expect(navigation.current).toBe(path);
    expect(notifier.last?.message).toEqual({ key });
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', '/login?next=/x', ''])(
    'never follows %j out of the app or back to /login: /payment instead',
    async (next) => {
      const { http, navigation, vm } = setUp();
      http.on('login', answer(aMember().buildLoginData('tok-1')));
      vm.setReturnTo(next);
      vm.setField('icOrPassport', '900101145678');
      vm.setField('password', 'secret123');
      await vm.submit();
      expect(navigation.current).toBe('/payment');
    },
  );

  it('says so when the session was ended by the server, not by the member', async () => {
    const { http, storage, clock, session, vm } = setUp();
    storage.set(StorageKeys.token, 'tok-old');
    http.on('sessionCheck', failure('AUTH_SESSION_ENDED'));
    expect(vm.sessionEnded).toBe(false);
    session.start();
    await clock.advance(0);
    expect(vm.sessionEnded).toBe(true);
  });
});
