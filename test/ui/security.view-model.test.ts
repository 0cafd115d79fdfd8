import { err } from '../../src/contract/result';
import type { MemberSessionDto } from '../../src/contract/sessions';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { MemberSessionsUseCase } from '../../src/domain/use-cases/member-sessions.use-case';
import {
  AddPasskeyUseCase,
  ManagePasskeysUseCase,
} from '../../src/domain/use-cases/passkeys.use-case';
import {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from '../../src/domain/use-cases/personal-data.use-case';
import { Screen } from '../../src/ui/shared/screen';
import { SecurityViewModel } from '../../src/ui/screens/security/security.view-model';
import { sessionOver } from '../builders/session';
import { aMember } from '../builders/session-user.builder';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { FakePasskeys } from '../fakes/fake-passkeys';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingFileSaver } from '../fakes/recording-file-saver';
import { RecordingNavigation } from '../fakes/recording-navigation';
import { RecordingNotifier } from '../fakes/recording-notifier';

const aSession = (id: string, current: boolean): MemberSessionDto => ({
  session_id: id,
  device: current ? 'Chrome on Linux' : 'Safari on iOS',
  started_at: '2026-11-24T01:00:00.000Z',
  last_active_at: '2026-11-24T02:00:00.000Z',
  current,
});
const PASSKEY = {
  passkey_id: 'pk-1',
  name: 'My phone',
  created_at: '2026-11-24T01:00:00.000Z',
  last_used_at: null,
};

function setUp() {
  const http = new FakeHttp()
    .on('memberSessions', answer({ sessions: [aSession('s-1', true), aSession('s-2', false)] }))
    .on('passkeys', answer({ passkeys: [PASSKEY] }));
  const storage = new InMemoryStorage();
  const clock = new FakeClock();
  const passkeys = new FakePasskeys();
  const saver = new RecordingFileSaver();
  const notifier = new RecordingNotifier();
  const navigation = new RecordingNavigation();
  storage.set(StorageKeys.token, 'tok-1');
  http.setToken('tok-1');
  const session = sessionOver(http, storage, clock);
  session.loggedIn(aMember().build(), 'tok-1');
  const vm = new SecurityViewModel(
    new MemberSessionsUseCase(http),
    new ManagePasskeysUseCase(http),
    new AddPasskeyUseCase(http, passkeys),
    new DownloadPersonalDataUseCase(http, saver, clock),
    new DeleteAccountUseCase(http, storage, passkeys),
    new Screen(notifier, navigation, session),
  );
  return { http, storage, clock, passkeys, saver, notifier, navigation, session, vm };
}

describe('SecurityViewModel: sessions', () => {
  it('loads the sessions and passkeys, and knows there are other devices', async () => {
    const { vm } = setUp();
    expect(vm.sessionsStatus).toBe('loading');
    await vm.load();
    expect(vm.sessionsStatus).toBe('displayed');
    expect(vm.sessions.map((one) => [one.id, one.current])).toEqual([
      ['s-1', true],
      ['s-2', false],
    ]);
    expect(vm.hasOtherSessions).toBe(true);
    expect(vm.passkeys.passkeys.map((one) => one.name)).toEqual(['My phone']);
  });

  it('signs one other session out, toasts and reloads the list; never this device', async () => {
    const { http, notifier, vm } = setUp();
    await vm.load();
    http.on('signOutSession', answer(undefined));
    http.on('memberSessions', answer({ sessions: [aSession('s-1', true)] }));
    await vm.signOut(vm.sessions[0]);
    expect(http.callsTo('signOutSession')).toHaveLength(0);
    await vm.signOut(vm.sessions[1]);
    expect(http.callsTo('signOutSession')[0].request).toEqual({ session_id: 's-2' });
    expect(notifier.last?.message).toEqual({ key: 'security.sessions.signedOut' });
    expect(vm.hasOtherSessions).toBe(false);
  });

  it('says how many devices "sign out of all others" ended', async () => {
    const { http, notifier, vm } = setUp();
    http.on('signOutOtherSessions', answer({ signed_out: 3 }));
    await vm.signOutOthers();
    expect(notifier.last).toEqual({
      kind: 'success',
      message: { key: 'security.sessions.signedOutOthers', values: { count: 3 } },
      autoCloseMs: undefined,
    });
    expect(vm.signingOut).toBeNull();
  });
});

describe('SecurityViewModel: passkeys', () => {
  it('checks the password and the name before asking anything', async () => {
    const { http, vm } = setUp();
    vm.passkeys.openAdd();
    await vm.passkeys.submitAdd();
    expect(vm.passkeys.errors).toEqual({
      password: 'security.passwordRequired',
      name: 'security.passkeys.nameRequired',
    });
    vm.passkeys.setName('x'.repeat(65));
    vm.passkeys.setPassword('secret123');
    await vm.passkeys.submitAdd();
    expect(vm.passkeys.errors.name).toBe('security.passkeys.nameTooLong');
    expect(http.callsTo('passkeyRegistrationOptions')).toHaveLength(0);
  });

  it('adds a passkey, closes the dialog, forgets the password and reloads the list', async () => {
    const { http, notifier, vm } = setUp();
    http.on('passkeyRegistrationOptions', answer({ options: { challenge: 'c' } }));
    http.on('registerPasskey', answer(PASSKEY));
    vm.passkeys.openAdd();
    vm.passkeys.setPassword('secret123');
    vm.passkeys.setName('My phone');
    await vm.passkeys.submitAdd();
    expect(vm.passkeys.addOpen).toBe(false);
    expect(vm.passkeys.password).toBe('');
    expect(notifier.last?.message).toEqual({ key: 'security.passkeys.added' });
    expect(http.callsTo('passkeys')).toHaveLength(1);
  });

  it('shows a wrong password on its field and stays silent on a cancelled prompt', async () => {
    const { http, passkeys, notifier, vm } = setUp();
    http.once('passkeyRegistrationOptions', failure('PASSWORD_CONFIRMATION_WRONG'));
    http.on('passkeyRegistrationOptions', answer({ options: { challenge: 'c' } }));
    vm.passkeys.openAdd();
    vm.passkeys.setPassword('wrong-one');
    vm.passkeys.setName('Laptop');
    await vm.passkeys.submitAdd();
    expect(vm.passkeys.errors.password).toBe('serverMessages.passwordConfirmationWrong');
    passkeys.creations.push(err('CANCELLED'));
    await vm.passkeys.submitAdd();
    expect(vm.passkeys.addOpen).toBe(true);
    expect(notifier.toasts).toEqual([]);
  });

  it('renames inline and removes, each answered by a reload', async () => {
    const { http, vm } = setUp();
    await vm.load();
    http.on('renamePasskey', answer(undefined)).on('removePasskey', answer(undefined));
    vm.passkeys.startRename(vm.passkeys.passkeys[0]);
    vm.passkeys.setDraft('  ');
    await vm.passkeys.saveRename();
    expect(vm.passkeys.draftError).toBe('security.passkeys.nameRequired');
    vm.passkeys.setDraft('Old phone');
    await vm.passkeys.saveRename();
    expect(http.callsTo('renamePasskey')[0].request).toEqual({
      passkey_id: 'pk-1',
      name: 'Old phone',
    });
    expect(vm.passkeys.renamingId).toBeNull();
    await vm.passkeys.remove(vm.passkeys.passkeys[0]);
    expect(http.callsTo('removePasskey')[0].request).toEqual({ passkey_id: 'pk-1' });
    expect(http.callsTo('passkeys')).toHaveLength(3);
  });

  it('offers no "Add a passkey" in a browser without WebAuthn', () => {
    const { passkeys, vm } = setUp();
    passkeys.supported = false;
    expect(vm.passkeys.supported).toBe(false);
  });
});

describe('SecurityViewModel: data and deletion', () => {
  it('downloads the data file through the file saver', async () => {
    const { http, saver, vm } = setUp();
    http.on('personalData', answer({ exported_at: '2026-01-01T09:00:00.000Z' } as never));
    await vm.download();
    expect(saver.files.map((f) => f.fileName)).toEqual(['my-data-2026-01-01.json']);
    expect(vm.downloading).toBe(false);
  });

  it('asks for the typed word and the password before deleting', async () => {
    const { http, vm } = setUp();
    vm.deletion.open();
    vm.deletion.setPassword('secret123');
    vm.deletion.setConfirmation('delete me');
    await vm.deletion.submit();
    expect(vm.deletion.errors).toEqual({
      password: undefined,
      confirmation: 'security.delete.confirmationWrong',
    });
    expect(http.callsTo('deleteAccount')).toHaveLength(0);
  });

  it('after deleting: the session ends here without a logout call and the login page opens', async () => {
    const { http, storage, session, navigation, notifier, vm } = setUp();
    http.on('deleteAccount', answer(undefined));
    vm.deletion.open();
    vm.deletion.setPassword('secret123');
    vm.deletion.setConfirmation(' delete ');
    await vm.deletion.submit();
    expect(session.isAuthenticated).toBe(false);
    expect(session.endedByCheck).toBe(false);
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(http.callsTo('logout')).toHaveLength(0);
    expect(navigation.visits).toEqual([{ path: '/login', replace: true }]);
    expect(notifier.last?.message).toEqual({ key: 'security.delete.done' });
    expect(vm.deletion.isOpen).toBe(false);
  });

  it('keeps the member signed in when the password is wrong', async () => {
    const { http, session, vm } = setUp();
    http.on('deleteAccount', failure('PASSWORD_CONFIRMATION_WRONG'));
    vm.deletion.open();
    vm.deletion.setPassword('wrong-one');
    vm.deletion.setConfirmation('DELETE');
    await vm.deletion.submit();
    expect(vm.deletion.errors.password).toBe('serverMessages.passwordConfirmationWrong');
    expect(session.isAuthenticated).toBe(true);
  });

  it('offers the passkey only with WebAuthn and a passkey, and deletes with it', async () => {
    const { http, passkeys, session, navigation, vm } = setUp();
    expect(vm.deletion.canUsePasskey).toBe(false);
    await vm.load();
    expect(vm.deletion.canUsePasskey).toBe(true);
    http.on('deleteAccountPasskeyOptions', answer({ options: { challenge: 'c' } }));
    http.on('deleteAccount', answer(undefined));
    vm.deletion.open();
    await vm.deletion.submitWithPasskey();
    expect(vm.deletion.errors.confirmation).toBe('security.delete.confirmationWrong');
    vm.deletion.setConfirmation('DELETE');
    await vm.deletion.submitWithPasskey();
    expect(http.callsTo('deleteAccount')[0].request).toMatchObject({ confirmation: 'DELETE' });
    expect(session.isAuthenticated).toBe(false);
    expect(navigation.current).toBe('/login');
    passkeys.supported = false;
    expect(vm.deletion.canUsePasskey).toBe(false);
  });
});
