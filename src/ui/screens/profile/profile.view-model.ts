import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import { memberSince, type Profile } from '../../../domain/model/profile';
import { inlineEditChange } from '../../../domain/rules/profile-forms';
import { normalisePhone } from '../../../contract/rules';
import type { GetProfileUseCase } from '../../../domain/use-cases/get-profile.use-case';
import type { UpdateProfileUseCase } from '../../../domain/use-cases/update-profile.use-case';
import { failureMessage } from '../../shared/error-messages';
import { closingAfter } from '../../shared/notifier';
import { Paths } from '../../shared/paths';
import { GET_PROFILE_USE_CASE, UPDATE_PROFILE_USE_CASE } from '../../shared/tokens';
import { PasswordDialog } from './password-dialog';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Screen } from '../../shared/screen';

/** Toasts on the profile screen close after 3 s. */
export const PROFILE_TOAST_MS = 3000;
const toast = { autoCloseMs: PROFILE_TOAST_MS };

export type ProfileStatus = 'loading' | 'displayed' | 'failed';
/** The inline-editable fields, by their wire names. */
export type EditableField = 'name' | 'phone_no';

/**
 * The profile screen: loading, then displayed; name or phone can be
 * edited inline (saving returns to display mode and reloads); the password changes in a dialog.
 */
@injectable()
export class ProfileViewModel {
  status: ProfileStatus = 'loading';
  profile: Profile | null = null;

  editing: EditableField | null = null;
  draft = '';
  /** i18n key of the inline field's error, if any. */
  draftError: string | null = null;
  saving = false;

  /** The 'Update Password' dialog. */
  readonly password: PasswordDialog;

  private loadSequence = 0;
  private disposed = false;

  constructor(
    @inject(GET_PROFILE_USE_CASE) private readonly getProfile: GetProfileUseCase,
    @inject(UPDATE_PROFILE_USE_CASE) private readonly updateProfile: UpdateProfileUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'notifier' | 'navigation'>,
  ) {
    this.password = new PasswordDialog(
      updateProfile,
      closingAfter(screen.notifier, PROFILE_TOAST_MS),
    );
    observeExcept(this, ['password', 'getProfile', 'updateProfile', 'screen']);
  }

  // Display values: null means the server did not send it (the view shows 'N/A').
  get name(): string | null {
    return this.profile?.name ?? null;
  }
  get phoneNo(): string | null {
    return this.profile?.phoneNo ?? null;
  }
  get icOrPassport(): string | null {
    return this.profile?.icOrPassport ?? null;
  }
  get userId(): string | null {
    return this.profile?.userId ?? null;
  }
  /** Account creation as a Date, or null when missing or unreadable; the view formats it. */
  get memberSince(): Date | null {
    return memberSince(this.profile);
  }

  /** Loads (or reloads) the profile; an older answer never overwrites a newer one. */
  async load(): Promise<void> {
    const sequence = ++this.loadSequence;
    // A reload after a save keeps the current values on screen instead of flashing a spinner, and
    // a profile still in the data cache shows at once while the fresh read is out.
    if (this.profile === null) {
      this.profile = this.getProfile.cached() ?? null;
      this.status = this.profile === null ? 'loading' : 'displayed';
    }
    const result = await this.getProfile.execute();
    if (this.disposed || sequence !== this.loadSequence) return;
    runInAction(() => {
      if (result.ok) {
        this.profile = result.value;
        this.status = 'displayed';
      } else {
        this.status = this.profile === null ? 'failed' : 'displayed';
        const failed = failureMessage(result.error, 'profile.toast.fetchFailed');
        this.screen.notifier.error(failed, toast);
      }
    });
  }

  startEdit(field: EditableField): void {
    if (this.saving) return;
    this.editing = field;
    this.draft = (field === 'name' ? this.name : this.phoneNo) ?? '';
    this.draftError = null;
  }

  cancelEdit(): void {
    if (this.saving) return;
    this.editing = null;
    this.draft = '';
    this.draftError = null;
  }

  setDraft(value: string): void {
    // The phone is stored as digits only, dial code included.
    this.draft = this.editing === 'phone_no' ? normalisePhone(value) : value;
    this.draftError = null;
  }

  async saveEdit(): Promise<void> {
    const field = this.editing;
    if (field === null || this.saving) return;
    const { change, error } = inlineEditChange(field, this.draft);
    this.draftError = error;
    if (error !== null) return;
    const current = field === 'name' ? this.name : this.phoneNo;
    if (Object.values(change)[0] === current) {
      // Nothing changed: leave edit mode without a needless request.
      this.cancelEdit();
      return;
    }

    this.saving = true;
    const result = await this.updateProfile.execute(change);
    if (this.disposed) return;
    runInAction(() => {
      this.saving = false;
      if (result.ok) {
        this.editing = null;
        this.draft = '';
        this.screen.notifier.success({ key: 'profile.toast.updated' }, toast);
      } else {
        const failed = failureMessage(result.error, 'profile.toast.updateFailed');
        this.screen.notifier.error(failed, toast);
      }
    });
    if (result.ok) await this.load();
  }

  goHome(): void {
    this.screen.navigation.go(Paths.payment);
  }

  /** Late answers after unmount are ignored rather than toasted; a waiting retry is dropped. */
  dispose(): void {
    this.disposed = true;
    this.password.dispose();
    this.getProfile.cancel();
  }
}
