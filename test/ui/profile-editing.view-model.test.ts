import { profileData } from '../builders/profile-data';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { loaded } from './profile.view-model.support';

describe('ProfileViewModel: inline editing', () => {
  it('edits the name: edit mode, save posts only the name, back to display mode, reloads', async () => {
    const http = new FakeHttp()
      .once('profile', answer(profileData))
      .on('profile', answer({ ...profileData, name: 'Aminah Ali' }))
      .on('updateProfile', answer(undefined));
    const { vm, notifier } = await loaded(http);

    vm.startEdit('name');
    expect(vm.editing).toBe('name');
    expect(vm.draft).toBe('Aminah binti Ali');
    vm.setDraft('  Aminah Ali ');
    await vm.saveEdit();

    expect(http.callsTo('updateProfile').map((c) => c.request)).toEqual([{ name: 'Aminah Ali' }]);
    expect(vm.editing).toBeNull();
    expect(vm.saving).toBe(false);
    expect(http.callsTo('profile')).toHaveLength(2);
    expect(vm.name).toBe('Aminah Ali');
    expect(notifier.toasts).toEqual([
      { kind: 'success', message: { key: 'profile.toast.updated' }, autoCloseMs: 3000 },
    ]);
  });

  it('stores the phone as digits only (no plus, dashes or spaces) and posts only phone_no', async () => {
    const http = new FakeHttp()
      .on('profile', answer(profileData))
      .on('updateProfile', answer(undefined));
    const { vm } = await loaded(http);

    vm.startEdit('phone_no');
    vm.setDraft('+60 19-876 5432');
    expect(vm.draft).toBe('60198765432');
    await vm.saveEdit();

    expect(http.callsTo('updateProfile').map((c) => c.request)).toEqual([
      { phone_no: '60198765432' },
    ]);
    expect(vm.editing).toBeNull();
  });

  it('shows the rule key and sends nothing when the name is invalid', async () => {
    const { vm, http } = await loaded();

    vm.startEdit('name');
    vm.setDraft(' ');
    await vm.saveEdit();

    expect(vm.draftError).toBe('profile.validation.nameRequired');
    expect(vm.editing).toBe('name');
    expect(http.callsTo('updateProfile')).toHaveLength(0);

    vm.setDraft('Al');
    expect(vm.draftError).toBeNull();
  });

  it('rejects an invalid phone number', async () => {
    const { vm, http } = await loaded();

    vm.startEdit('phone_no');
    vm.setDraft('0123');
    await vm.saveEdit();

    expect(vm.draftError).toBe('profile.validation.phoneInvalid');
    expect(http.callsTo('updateProfile')).toHaveLength(0);
  });

  it('leaves edit mode without a request when nothing changed', async () => {
    const { vm, http } = await loaded();

    vm.startEdit('phone_no');
    await vm.saveEdit();

    expect(vm.editing).toBeNull();
    expect(http.callsTo('updateProfile')).toHaveLength(0);
  });

  it('cancel returns to display mode and forgets the draft', async () => {
    const { vm } = await loaded();

    vm.startEdit('name');
    vm.setDraft('Someone else');
    vm.cancelEdit();

    expect(vm.editing).toBeNull();
    expect(vm.draft).toBe('');
    expect(vm.name).toBe('Aminah binti Ali');
  });

  it("toasts the failure code's text and stays in edit mode with the draft", async () => {
    const http = new FakeHttp()
      .on('profile', answer(profileData))
      .on('updateProfile', failure('MEMBER_PHONE_TAKEN', { field: 'phone_no' }));
    const { vm, notifier } = await loaded(http);

    vm.startEdit('phone_no');
    vm.setDraft('60198765432');
    await vm.saveEdit();

    expect(vm.editing).toBe('phone_no');
    expect(vm.draft).toBe('60198765432');
    expect(vm.saving).toBe(false);
    expect(http.callsTo('profile')).toHaveLength(1);
    expect(notifier.toasts).toEqual([
      { kind: 'error', message: { key: 'signUp.phoneTaken' }, autoCloseMs: 3000 },
    ]);
  });

  it("falls back to 'Failed to update profile' when there was no answer", async () => {
    const http = new FakeHttp().on('profile', answer(profileData)).failNetwork('updateProfile');
    const { vm, notifier } = await loaded(http);

    vm.startEdit('name');
    vm.setDraft('Aminah Ali');
    await vm.saveEdit();

    expect(notifier.last).toEqual({
      kind: 'error',
      message: { key: 'profile.toast.updateFailed' },
      autoCloseMs: 3000,
    });
  });

  it('keeps the shown values when the reload after a save fails', async () => {
    const http = new FakeHttp()
      .once('profile', answer(profileData))
      .failNetwork('profile')
      .on('updateProfile', answer(undefined));
    const { vm } = await loaded(http);

    vm.startEdit('name');
    vm.setDraft('Aminah Ali');
    await vm.saveEdit();

    expect(vm.status).toBe('displayed');
    expect(vm.name).toBe('Aminah binti Ali');
  });
});

describe('ProfileViewModel: password dialog', () => {
  it('opens, validates with its own keys and sends nothing while invalid', async () => {
    const { vm, http } = await loaded();

    vm.password.open();
    expect(vm.password.isOpen).toBe(true);
    await vm.password.submit();

    expect(vm.password.errors).toEqual({
      new_password: 'profile.validation.newPasswordRequired',
      confirm_password: 'profile.validation.confirmPasswordRequired',
    });
    vm.password.setNewPassword('longenough');
    vm.password.setConfirmPassword('different');
    expect(vm.password.errors).toEqual({});
    await vm.password.submit();

    expect(vm.password.errors).toEqual({
      confirm_password: 'profile.validation.passwordsMustMatch',
    });
    expect(vm.password.isOpen).toBe(true);
    expect(http.callsTo('updateProfile')).toHaveLength(0);
  });

  it('posts only the password, closes the dialog, clears the fields and toasts success', async () => {
    const http = new FakeHttp()
      .on('profile', answer(profileData))
      .on('updateProfile', answer(undefined));
    const { vm, notifier } = await loaded(http);

    vm.password.open();
    vm.password.setNewPassword('n3w-secret!');
    vm.password.setConfirmPassword('n3w-secret!');
    await vm.password.submit();

    expect(http.callsTo('updateProfile').map((c) => c.request)).toEqual([
      { password: 'n3w-secret!' },
    ]);
    expect(vm.password.isOpen).toBe(false);
    expect([vm.password.newPassword, vm.password.confirmPassword]).toEqual(['', '']);
    expect(notifier.toasts).toEqual([
      { kind: 'success', message: { key: 'profile.toast.passwordUpdated' }, autoCloseMs: 3000 },
    ]);
  });

  it("toasts 'Failed to update password' (whatever the code) and keeps the dialog open", async () => {
    const http = new FakeHttp()
      .on('profile', answer(profileData))
      .on('updateProfile', failure('VALIDATION_FAILED', { field: 'password' }));
    const { vm, notifier } = await loaded(http);

    vm.password.open();
    vm.password.setNewPassword('n3w-secret!');
    vm.password.setConfirmPassword('n3w-secret!');
    await vm.password.submit();

    expect(vm.password.isOpen).toBe(true);
    expect(vm.password.updating).toBe(false);
    expect(notifier.toasts).toEqual([
      { kind: 'error', message: { key: 'profile.toast.passwordUpdateFailed' }, autoCloseMs: 3000 },
    ]);
  });

  it('cancel closes the dialog and forgets what was typed', async () => {
    const { vm } = await loaded();

    vm.password.open();
    vm.password.setNewPassword('half-typed');
    vm.password.close();

    expect(vm.password.isOpen).toBe(false);
    expect(vm.password.newPassword).toBe('');
  });
});
