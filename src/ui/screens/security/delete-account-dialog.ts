import { runInAction } from 'mobx';
import type { Result } from '../../../contract/result';
import type { Failure } from '../../../domain/model/failure';
import type { CeremonyFailure } from '../../../domain/use-cases/passkey-ceremony';
import { confirmPasswordError, isDeletionConfirmed } from '../../../domain/rules/security-forms';
import type { DeleteAccountUseCase } from '../../../domain/use-cases/personal-data.use-case';
import { failureMessage } from '../../shared/error-messages';
import { observeExcept } from '../../../ui-kit/observe-except';
import { Paths } from '../../shared/paths';
import type { Screen } from '../../shared/screen';

/**
 * "Delete my account": the password and the typed word in a dialog; once the API has erased the
 * account the session ends here and the member lands on the login page.
 */
export class DeleteAccountDialog {
  isOpen = false;
  password = '';
  confirmation = '';
  errors: { password?: string; confirmation?: string } = {};
  deleting = false;
  private disposed = false;

  constructor(
    private readonly deleteAccount: DeleteAccountUseCase,
    private readonly screen: Screen,
    /** Whether the member can confirm with a passkey here (WebAuthn, and a passkey to use). */
    private readonly passkeyUsable: () => boolean,
  ) {
    observeExcept(this, ['deleteAccount', 'screen', 'passkeyUsable', 'disposed']);
  }

  /** "Use a passkey instead" is offered. */
  get canUsePasskey(): boolean {
    return this.passkeyUsable();
  }

  open(): void {
    this.isOpen = true;
    this.clear();
  }

  close(): void {
    if (this.deleting) return;
    this.isOpen = false;
    this.clear();
  }

  setPassword(value: string): void {
    this.password = value;
    this.errors = { ...this.errors, password: undefined };
  }

  setConfirmation(value: string): void {
    this.confirmation = value;
    this.errors = { ...this.errors, confirmation: undefined };
  }

  async submit(): Promise<void> {
    if (this.deleting) return;
    const password = confirmPasswordError(this.password) ?? undefined;
    const confirmation = this.confirmationError();
    this.errors = { password, confirmation };
    if (password || confirmation) return;
    this.deleting = true;
    const result = await this.deleteAccount.execute({
      password: this.password,
      confirmation: this.confirmation,
    });
    this.finish(result);
  }

  /** The typed word, then the browser's passkey prompt instead of the password. */
  async submitWithPasskey(): Promise<void> {
    if (this.deleting) return;
    const confirmation = this.confirmationError();
    this.errors = { confirmation };
    if (confirmation) return;
    this.deleting = true;
    const result = await this.deleteAccount.executeWithPasskey({
      confirmation: this.confirmation,
    });
    this.finish(result);
  }

  private confirmationError(): string | undefined {
    return isDeletionConfirmed(this.confirmation) ? undefined : 'security.delete.confirmationWrong';
  }

  private finish(result: Result<void, Failure | CeremonyFailure>): void {
    if (this.disposed && !result.ok) return;
    runInAction(() => {
      this.deleting = false;
      if (result.ok) {
        this.isOpen = false;
        this.clear();
        this.screen.session.ended();
        this.screen.notifier.success({ key: 'security.delete.done' });
        this.screen.navigation.go(Paths.login, { replace: true });
      } else if (result.error.code === 'PASSWORD_CONFIRMATION_WRONG') {
        this.errors = { password: 'serverMessages.passwordConfirmationWrong' };
      } else if ((result.error as Partial<CeremonyFailure>).ceremony !== 'CANCELLED') {
        this.screen.notifier.error(failureMessage(result.error, result.error.key));
      }
    });
  }

  dispose(): void {
    this.disposed = true;
  }

  private clear(): void {
    this.password = '';
    this.confirmation = '';
    this.errors = {};
  }
}
