import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DELETION_WORD } from '../../../contract/personal-data';
import { ModalDialog } from '../../components/modal-dialog';
import { PasswordField } from '../../components/password-field';
import { submitWith } from '../../components/submit';
import { TextField } from '../../components/text-field';
import type { DeleteAccountDialog } from './delete-account-dialog';
import { DialogActions } from '../../components/dialog-actions';

/** "Delete my account": what it does, and the dialog that asks for the password and the word. */
export const DeleteAccountSection = observer(function DeleteAccountSection({
  dialog,
}: {
  dialog: DeleteAccountDialog;
}) {
  const { t } = useTranslation();
  const word = { word: ACCOUNT_DELETION_WORD };
  return (
    <section className="security-card" aria-labelledby="security-delete-title">
      <h2 id="security-delete-title">{t('security.delete.title')}</h2>
      <p className="security-muted">{t('security.delete.text')}</p>
      <button type="button" className="surface-button surface-button-danger" onClick={dialog.open}>
        {t('security.delete.open')}
      </button>
      <ModalDialog
        open={dialog.isOpen}
        title={t('security.delete.dialogTitle')}
        onClose={dialog.close}
        describedBy="delete-account-text"
      >
        <p id="delete-account-text">{t('security.delete.dialogText')}</p>
        <form onSubmit={submitWith(dialog.submit)} noValidate>
          <PasswordField
            name="delete_password"
            label={t('security.currentPassword')}
            value={dialog.password}
            onChange={dialog.setPassword}
            error={dialog.errors.password}
            autoComplete="current-password"
            disabled={dialog.deleting}
          />
          <TextField
            name="delete_confirmation"
            label={t('security.delete.confirmationLabel', word)}
            value={dialog.confirmation}
            onChange={dialog.setConfirmation}
            error={dialog.errors.confirmation}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={dialog.deleting}
          />
          <DialogActions
            className="security-dialog-actions"
            buttonClass="surface-button"
            tone="danger"
            busy={dialog.deleting}
            onCancel={dialog.close}
            cancelText={t('security.cancel')}
            submitText={t('security.delete.submit')}
            busyText={t('security.delete.deleting')}
          />
          {dialog.canUsePasskey && (
            <div className="security-dialog-actions">
              <button
                type="button"
                className="surface-button"
                onClick={dialog.submitWithPasskey}
                disabled={dialog.deleting}
              >
                {t('security.delete.withPasskey')}
              </button>
            </div>
          )}
        </form>
      </ModalDialog>
    </section>
  );
});
