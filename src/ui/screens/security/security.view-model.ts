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
import { observeExcept } from '../../shared/observe-except';
import { Screen } from '../../shared/screen';
import {
  ADD_PASSKEY_USE_CASE,
  DELETE_ACCOUNT_USE_CASE,
  DOWNLOAD_PERSONAL_DATA_USE_CASE,
  MANAGE_PASSKEYS_USE_CASE,
  MEMBER_SESSIONS_USE_CASE,
} from '../../shared/tokens';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PasskeysSection, type SectionStatus } from './passkeys-section';

/**
 * The member's security page: where they are signed in (ending one session or all the others),
 * their passkeys (PasskeysSection), "Download my data" and "Delete my account"
 * (DeleteAccountDialog).
 */
@injectable()
export class SecurityViewModel {
  sessionsStatus: SectionStatus = 'loading';
  sessions: MemberSession[] = [];
  /** The session being signed out, or 'others' while all the others are. */
  signingOut: string | null = null;
  downloading = false;

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
    this.passkeys = new PasskeysSection(managePasskeys, addPasskey, screen.notifier);
    this.deletion = new DeleteAccountDialog(
      deleteAccount,
      screen,
      () => this.passkeys.supported && this.passkeys.passkeys.length > 0,
    );
    observeExcept(this, [
      'passkeys',
      'deletion',
      'memberSessions',
      'downloadData',
      'screen',
      'disposed',
    ]);
  }

  /** Sessions other than this device's: "Sign out of all other devices" needs one. */
  get hasOtherSessions(): boolean {
    return this.sessions.some((one) => !one.current);
  }

  /** Reads both lists. */
  async load(): Promise<void> {
    await Promise.all([this.loadSessions(), this.passkeys.load()]);
  }

  async loadSessions(): Promise<void> {
    const result = await this.memberSessions.list();
    if (this.disposed) return;
    runInAction(() => {
      if (result.ok) {
        this.sessions = result.value;
        this.sessionsStatus = 'displayed';
      } else {
        if (this.sessionsStatus !== 'displayed') this.sessionsStatus = 'failed';
        // The session itself ended: the session check takes the member to the login page.
        if (result.error.code !== 'AUTH_SESSION_ENDED' && result.error.code !== 'AUTH_REQUIRED')
          this.screen.notifier.error(failureMessage(result.error, result.error.key));
      }
    });
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
    this.passkeys.dispose();
    this.deletion.dispose();
  }
}
