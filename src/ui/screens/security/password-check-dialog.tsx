import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui-kit/dialog-actions';
import { ModalDialog } from '../../../ui-kit/modal-dialog';
import { PasswordField } from '../../../ui-kit/password-field';
import { submitWith } from '../../components/submit';

/**
 * A security dialog that asks for the current password before it acts (deleting the account,
 * adding a passkey): its explanation (the dialog's description), the password, the dialog's own
 * fields, then Cancel and the submit, all disabled while it works.
 */
export const PasswordCheckDialog = observer(function PasswordCheckDialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The explanation's id (aria-describedby) and text. */
  textId: string;
  text: string;
  onSubmit: () => unknown;
  /** The view-model's password, its setter and its error (an i18n key). */
  form: { password: string; setPassword(value: string): void; errors: { password?: string } };
  /** The password input's name. */
  passwordName: string;
  busy: boolean;
  tone?: 'primary' | 'danger';
  submitText: string;
  busyText: string;
  /** The fields after the password. */
  children: ReactNode;
  /** What follows the buttons, inside the form. */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const { busy, form } = props;
  return (
    <ModalDialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      describedBy={props.textId}
    >
      <p id={props.textId}>{props.text}</p>
      <form className="security-dialog-form" onSubmit={submitWith(props.onSubmit)} noValidate>
        <PasswordField
          name={props.passwordName}
          label={t('security.currentPassword')}
          value={form.password}
          onChange={form.setPassword}
          error={form.errors.password}
          autoComplete="current-password"
          disabled={busy}
        />
        {props.children}
        <DialogActions
          className="security-dialog-actions"
          tone={props.tone}
          busy={busy}
          onCancel={props.onClose}
          cancelText={t('security.cancel')}
          submitText={props.submitText}
          busyText={props.busyText}
        />
        {props.after}
      </form>
    </ModalDialog>
  );
});
