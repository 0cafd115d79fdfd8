import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { MemberSession } from '../../../domain/model/security';
import type { MemberSessionsUseCase } from '../../../domain/use-cases/member-sessions.use-case';
import type {
  AddPasskeyUseCase,
  ManagePasskeysUseCase,
} from '../../../domain/use-cases/passkeys.use-case';
import type {
  DeleteAccountUseCase,
  DownloadPersonalDataUseCase,
} from '../../../domain/use-cases/personal-data.use-case';
import { failureMessage } from '../../shared/error-messages';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';
import {
  ADD_PASSKEY_USE_CASE,
  DELETE_ACCOUNT_USE_CASE,
  DOWNLOAD_PERSONAL_DATA_USE_CASE,
  MANAGE_PASSKEYS_USE_CASE,
  MEMBER_SESSIONS_USE_CASE,
} from '../../shared/tokens';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ListSection, type SectionStatus } from './list-section';
import { PasskeysSection } from './passkeys-section';

/**
 * The member's security page: where they are signed in (ending one session or all the others),
 * their passkeys (PasskeysSection), "Download my data" and "Delete my account"
 * (DeleteAccountDialog).
 */
@injectable()
export class SecurityViewModel {
  /** The session being signed out, or 'others' while all the others are. */
  signingOut: string | null = null;
  downloading = false;

  /** Where the member is signed in, as read. */
  readonly sessionList: ListSection<MemberSession>;
  readonly passkeys: PasskeysSection;
  readonly deletion: DeleteAccountDialog;
  private disposed = false;

  constructor(
    @inject(MEMBER_SESSIONS_USE_CASE) private readonly memberSessions: MemberSessionsUseCase,
    @inject(MANAGE_PASSKEYS_USE_CASE) managePasskeys: ManagePasskeysUseCase,
    @inject(ADD_PASSKEY_USE_CASE) addPasskey: AddPasskeyUseCase,
    @inject(DOWNLOAD_PERSONAL_DATA_USE_CASE)
    private readonly downloadData: DownloadPersonalDataUseCase,
    @inject(DELETE_ACCOUNT_USE_CASE) deleteAccount: DeleteAccountUseCase,
    @inject(Screen) private readonly screen: Screen,
  ) {
    this.sessionList = new ListSection(() => memberSessions.list(), screen.notifier);
    this.passkeys = new PasskeysSection(managePasskeys, addPasskey, screen.notifier);
    this.deletion = new DeleteAccountDialog(
      deleteAccount,
      screen,
      () => this.passkeys.supported && this.passkeys.passkeys.length > 0,
    );
    observeExcept(this, [
      'sessionList',
      'passkeys',
      'deletion',
      'memberSessions',
      'downloadData',
      'screen',
      'disposed',
    ]);
  }

  get sessionsStatus(): SectionStatus {
    return this.sessionList.status;
  }

  get sessions(): MemberSession[] {
    return this.sessionList.items;
  }

  /** Sessions other than this device's: "Sign out of all other devices" needs one. */
  get hasOtherSessions(): boolean {
    return this.sessions.some((one) => !one.current);
  }

  /** Reads both lists. */
  async load(): Promise<void> {
    await Promise.all([this.loadSessions(), this.passkeys.load()]);
  }

  loadSessions(): Promise<void> {
    return this.sessionList.load();
  }

  async signOut(session: MemberSession): Promise<void> {
    if (this.signingOut !== null || session.current) return;
    this.signingOut = session.id;
    const result = await this.memberSessions.signOut(session.id);
    if (this.disposed) return;
    runInAction(() => {
      this.signingOut = null;
      if (result.ok) this.screen.notifier.success({ key: 'security.sessions.signedOut' });
      else this.screen.notifier.error(failureMessage(result.error, result.error.key));
    });
    await this.loadSessions();
  }

  async signOutOthers(): Promise<void> {
    if (this.signingOut !== null) return;
    this.signingOut = 'others';
    const result = await this.memberSessions.signOutOthers();
    if (this.disposed) return;
    runInAction(() => {
      this.signingOut = null;
      if (result.ok)
        this.screen.notifier.success({
          key: 'security.sessions.signedOutOthers',
          values: { count: result.value },
        });
      else this.screen.notifier.error(failureMessage(result.error, result.error.key));
    });
    await this.loadSessions();
  }

  async download(): Promise<void> {
    if (this.downloading) return;
    this.downloading = true;
    const result = await this.downloadData.execute();
    if (this.disposed) return;
    runInAction(() => {
      this.downloading = false;
      if (result.ok) this.screen.notifier.success({ key: 'security.data.downloaded' });
      else this.screen.notifier.error(failureMessage(result.error, result.error.key));
    });
  }

  dispose(): void {
    this.disposed = true;
    this.sessionList.dispose();
    this.passkeys.dispose();
    this.deletion.dispose();
  }
}
