import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Profile, ProfileUpdate } from '../../../domain/model/profile';
import {
  PasswordDialogForm,
  ProfileNameForm,
  ProfilePhoneForm,
  validateProfileForm,
} from '../../../domain/rules/profile-forms';
import { normalisePhone } from '../../../contract/rules';
import type { GetProfileUseCase } from '../../../domain/use-cases/get-profile.use-case';
import type { UpdateProfileUseCase } from '../../../domain/use-cases/update-profile.use-case';
import { NAVIGATION, type Navigation } from '../../app/navigation';
import { NOTIFIER, serverMessageOr, type Notifier } from '../../app/notifier';
import { Paths } from '../../app/paths';
import { GET_PROFILE_USE_CASE, UPDATE_PROFILE_USE_CASE } from '../../app/tokens';

/** Spec section 9: toasts on the profile screen close after 3 s. */
export const PROFILE_TOAST_MS = 3000;

export type ProfileStatus = 'loading' | 'displayed' | 'failed';
/** The inline-editable fields, by their wire names. */
export type EditableField = 'name' | 'phone_no';

/**
 * The profile screen (spec sections 2 and 4): loading, then displayed; name or phone can be
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

  passwordDialogOpen = false;
  newPassword = '';
  confirmPassword = '';
  passwordErrors: { new_password?: string; confirm_password?: string } = {};
  updatingPassword = false;

  private loadSequence = 0;
  private disposed = false;

  constructor(
    @inject(GET_PROFILE_USE_CASE) private readonly getProfile: GetProfileUseCase,
    @inject(UPDATE_PROFILE_USE_CASE) private readonly updateProfile: UpdateProfileUseCase,
    @inject(NOTIFIER) private readonly notifier: Notifier,
    @inject(NAVIGATION) private readonly navigation: Navigation,
  ) {
    makeAutoObservable<this, 'getProfile' | 'updateProfile' | 'notifier' | 'navigation'>(
      this,
      { getProfile: false, updateProfile: false, notifier: false, navigation: false },
      { autoBind: true },
    );
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
    const createdAt = this.profile?.createdAt;
    if (!createdAt) return null;
    const date = new Date(createdAt);
    return Number.isNaN(date.getTime()) ? null : date;
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
        this.notifier.error(
          serverMessageOr(result.error.serverMessage, 'profile.toast.fetchFailed'),
          { autoCloseMs: PROFILE_TOAST_MS },
        );
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
    // The phone is stored as digits only, dial code included (spec section 5).
    this.draft = this.editing === 'phone_no' ? normalisePhone(value) : value;
    this.draftError = null;
  }

  async saveEdit(): Promise<void> {
    const field = this.editing;
    if (field === null || this.saving) return;
    let change: ProfileUpdate;
    if (field === 'name') {
      const form = new ProfileNameForm(this.draft);
      this.draftError = validateProfileForm(form).name ?? null;
      change = { name: form.name };
    } else {
      const form = new ProfilePhoneForm(normalisePhone(this.draft));
      this.draftError = validateProfileForm(form).phone_no ?? null;
      change = { phone_no: form.phone_no };
    }
    if (this.draftError !== null) return;
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
        this.notifier.success({ key: 'profile.toast.updated' }, { autoCloseMs: PROFILE_TOAST_MS });
      } else {
        this.notifier.error(
          serverMessageOr(result.error.serverMessage, 'profile.toast.updateFailed'),
          { autoCloseMs: PROFILE_TOAST_MS },
        );
      }
    });
    if (result.ok) await this.load();
  }

  openPasswordDialog(): void {
    this.passwordDialogOpen = true;
    this.newPassword = '';
    this.confirmPassword = '';
    this.passwordErrors = {};
  }

  closePasswordDialog(): void {
    if (this.updatingPassword) return;
    this.passwordDialogOpen = false;
    // Never keep a typed password around after the dialog closes.
    this.newPassword = '';
    this.confirmPassword = '';
    this.passwordErrors = {};
  }

  setNewPassword(value: string): void {
    this.newPassword = value;
    const { new_password: _cleared, ...rest } = this.passwordErrors;
    this.passwordErrors = rest;
  }

  setConfirmPassword(value: string): void {
    this.confirmPassword = value;
    const { confirm_password: _cleared, ...rest } = this.passwordErrors;
    this.passwordErrors = rest;
  }

  async submitPassword(): Promise<void> {
    if (this.updatingPassword) return;
    this.passwordErrors = validateProfileForm(
      new PasswordDialogForm(this.newPassword, this.confirmPassword),
    );
    if (Object.keys(this.passwordErrors).length > 0) return;

    this.updatingPassword = true;
    const result = await this.updateProfile.execute({ password: this.newPassword });
    if (this.disposed) return;
    runInAction(() => {
      this.updatingPassword = false;
      if (result.ok) {
        this.closePasswordDialog();
        this.notifier.success(
          { key: 'profile.toast.passwordUpdated' },
          { autoCloseMs: PROFILE_TOAST_MS },
        );
      } else {
        // Spec section 8: this failure shows the fixed text, not the server's message.
        this.notifier.error(
          { key: 'profile.toast.passwordUpdateFailed' },
          { autoCloseMs: PROFILE_TOAST_MS },
        );
      }
    });
  }

  goHome(): void {
    this.navigation.go(Paths.payment);
  }

  /** Late answers after unmount are ignored rather than toasted; a waiting retry is dropped. */
  dispose(): void {
    this.disposed = true;
    this.getProfile.cancel();
  }
}
