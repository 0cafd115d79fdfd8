import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DELETION_WORD } from '../../../contract/personal-data';
import { SurfaceButton } from '../../../ui-kit/surface-button';
import { TextField } from '../../../ui-kit/text-field';
import type { DeleteAccountDialog } from './delete-account-dialog';
import { PasswordCheckDialog } from './password-check-dialog';
import { SecurityCard } from './security-card';

/** "Delete my account": what it does, and the dialog that asks for the password and the word. */
export const DeleteAccountSection = observer(function DeleteAccountSection({
  dialog,
}: {
  dialog: DeleteAccountDialog;
}) {
  const { t } = useTranslation();
  const word = { word: ACCOUNT_DELETION_WORD };
  return (
    <SecurityCard card="delete">
      <SurfaceButton tone="danger" onClick={dialog.open}>
        {t('security.delete.open')}
      </SurfaceButton>
      <PasswordCheckDialog
        open={dialog.isOpen}
        title={t('security.delete.dialogTitle')}
        onClose={dialog.close}
        textId="delete-account-text"
        text={t('security.delete.dialogText')}
        onSubmit={dialog.submit}
        form={dialog}
        passwordName="delete_password"
        busy={dialog.deleting}
        tone="danger"
        submitText={t('security.delete.submit')}
        busyText={t('security.delete.deleting')}
        after={
          dialog.canUsePasskey && (
            <div className="security-dialog-actions">
              <SurfaceButton onClick={dialog.submitWithPasskey} disabled={dialog.deleting}>
                {t('security.delete.withPasskey')}
              </SurfaceButton>
            </div>
          )
        }
      >
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
      </PasswordCheckDialog>
    </SecurityCard>
  );
});
