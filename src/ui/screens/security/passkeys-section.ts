import { runInAction } from 'mobx';
import type { Passkey } from '../../../domain/model/security';
import { confirmPasswordError, passkeyNameError } from '../../../domain/rules/security-forms';
import type { CeremonyFailure } from '../../../domain/use-cases/passkey-ceremony';
import type {
  AddPasskeyUseCase,
  ManagePasskeysUseCase,
} from '../../../domain/use-cases/passkeys.use-case';
import { failureMessage } from '../../shared/error-messages';
import type { Notifier } from '../../shared/notifier';
import { observeExcept } from '../../../ui-kit/observe-except';
import { ListSection, type SectionStatus } from './list-section';

/**
 * The security page's passkeys: the list, the "Add a passkey" dialog (password, then a name,
 * then the browser's prompt), renaming one inline and removing one.
 */
export class PasskeysSection {
  /** The passkeys as read. */
  readonly list: ListSection<Passkey>;

  // The "Add a passkey" dialog.
  adding = false;
  addOpen = false;
  password = '';
  name = '';
  errors: { password?: string; name?: string } = {};

  // Renaming one passkey inline.
  renamingId: string | null = null;
  draft = '';
  draftError: string | null = null;
  /** The passkey being renamed or removed: its buttons wait. */
  busyId: string | null = null;

  private disposed = false;

  constructor(
    private readonly manage: ManagePasskeysUseCase,
    private readonly add: AddPasskeyUseCase,
    private readonly notifier: Notifier,
  ) {
    this.list = new ListSection(() => manage.list(), notifier);
    observeExcept(this, ['list', 'manage', 'add', 'notifier', 'disposed']);
  }

  get status(): SectionStatus {
    return this.list.status;
  }

  get passkeys(): Passkey[] {
    return this.list.items;
  }

  /** A browser without WebAuthn, or a page at an IP address, sees no passkey buttons. */
  get supported(): boolean {
    return this.add.isSupported();
  }

  /** Opened at an IP address: the section says passkeys need the site's name. */
  get needsSiteName(): boolean {
    return this.add.servedFromIpAddress();
  }

  load(): Promise<void> {
    return this.list.load();
  }

  openAdd(): void {
    this.addOpen = true;
    this.password = '';
    this.name = '';
    this.errors = {};
  }

  closeAdd(): void {
    if (this.adding) return;
    this.addOpen = false;
    // A typed password is never kept once the dialog closes.
    this.password = '';
    this.errors = {};
  }

  setPassword(value: string): void {
    this.password = value;
    this.errors = { ...this.errors, password: undefined };
  }

  setName(value: string): void {
    this.name = value;
    this.errors = { ...this.errors, name: undefined };
  }

  async submitAdd(): Promise<void> {
    if (this.adding) return;
    const password = confirmPasswordError(this.password) ?? undefined;
    const name = passkeyNameError(this.name) ?? undefined;
    this.errors = { password, name };
    if (password || name) return;
    this.adding = true;
    const result = await this.add.execute({ password: this.password, name: this.name });
    if (this.disposed) return;
    runInAction(() => {
      this.adding = false;
      if (result.ok) {
        this.closeAdd();
        this.notifier.success({ key: 'security.passkeys.added' });
        return;
      }
      const failure = result.error as Partial<CeremonyFailure>;
      if (result.error.code === 'PASSWORD_CONFIRMATION_WRONG') {
        this.errors = { password: 'serverMessages.passwordConfirmationWrong' };
      } else if (failure.ceremony !== 'CANCELLED') {
        this.notifier.error(failureMessage(result.error, result.error.key));
      }
    });
    if (result.ok) await this.load();
  }

  startRename(passkey: Passkey): void {
    this.renamingId = passkey.id;
    this.draft = passkey.name;
    this.draftError = null;
  }

  cancelRename(): void {
    if (this.busyId !== null) return;
    this.renamingId = null;
    this.draftError = null;
  }

  setDraft(value: string): void {
    this.draft = value;
    this.draftError = null;
  }

  async saveRename(): Promise<void> {
    const id = this.renamingId;
    if (id === null || this.busyId !== null) return;
    this.draftError = passkeyNameError(this.draft);
    if (this.draftError) return;
    this.busyId = id;
    const result = await this.manage.rename(id, this.draft);
    if (this.disposed) return;
    runInAction(() => {
      this.busyId = null;
      if (result.ok) {
        this.renamingId = null;
        this.notifier.success({ key: 'security.passkeys.renamed' });
      } else this.notifier.error(failureMessage(result.error, result.error.key));
    });
    if (result.ok) await this.load();
  }

  async remove(passkey: Passkey): Promise<void> {
    if (this.busyId !== null) return;
    this.busyId = passkey.id;
    const result = await this.manage.remove(passkey.id);
    if (this.disposed) return;
    runInAction(() => {
      this.busyId = null;
      if (result.ok) this.notifier.success({ key: 'security.passkeys.removed' });
      else this.notifier.error(failureMessage(result.error, result.error.key));
    });
    await this.load();
  }

  dispose(): void {
    this.disposed = true;
    this.list.dispose();
  }
}
