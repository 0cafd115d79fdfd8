import { runInAction } from 'mobx';
import { checkProfileForm, PasswordDialogForm } from '../../../domain/rules/profile-forms';
import type { UpdateProfileUseCase } from '../../../domain/use-cases/update-profile.use-case';
import type { Notifier } from '../../shared/notifier';
import { observeExcept } from '../../../ui-kit/observe-except';

/** The profile screen's 'Update Password' dialog: open or closed, its two fields, the update. */
export class PasswordDialog {
  isOpen = false;
  newPassword = '';
  confirmPassword = '';
  errors: { new_password?: string; confirm_password?: string } = {};
  updating = false;
  private disposed = false;

  constructor(
    private readonly updateProfile: UpdateProfileUseCase,
    /** The profile screen's toasts (they close after its toast time). */
    private readonly notifier: Notifier,
  ) {
    observeExcept(this, ['updateProfile', 'notifier', 'disposed']);
  }

  open(): void {
    this.isOpen = true;
    this.clear();
  }

  close(): void {
    if (this.updating) return;
    this.isOpen = false;
    // Never keep a typed password around after the dialog closes.
    this.clear();
  }

  setNewPassword(value: string): void {
    this.newPassword = value;
    const { new_password: _cleared, ...rest } = this.errors;
    this.errors = rest;
  }

  setConfirmPassword(value: string): void {
    this.confirmPassword = value;
    const { confirm_password: _cleared, ...rest } = this.errors;
    this.errors = rest;
  }

  async submit(): Promise<void> {
    if (this.updating) return;
    this.errors = checkProfileForm(PasswordDialogForm, {
      new_password: this.newPassword,
      confirm_password: this.confirmPassword,
    }).errors;
    if (Object.keys(this.errors).length > 0) return;

    this.updating = true;
    const result = await this.updateProfile.execute({ password: this.newPassword });
    if (this.disposed) return;
    runInAction(() => {
      this.updating = false;
      if (result.ok) {
        this.close();
        this.notifier.success({ key: 'profile.toast.passwordUpdated' });
      } else {
        // A failed password change always shows its own fixed text, whatever the failure's code.
        this.notifier.error({ key: 'profile.toast.passwordUpdateFailed' });
      }
    });
  }

  /** The screen unmounted: a late answer is ignored rather than toasted. */
  dispose(): void {
    this.disposed = true;
  }

  private clear(): void {
    this.newPassword = '';
    this.confirmPassword = '';
    this.errors = {};
  }
}
