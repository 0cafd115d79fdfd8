import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../src/ui-kit/dialog-actions';
import { FieldFrame } from '../../../../src/ui-kit/field-frame';
import { ModalDialog } from '../../../../src/ui-kit/modal-dialog';
import { REASON_MAX } from '../../domain/rules';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does, said before the reason is asked. */
  description: string;
  reason: string;
  /** i18n keys. */
  error: string | null;
  failure: string | null;
  busy: boolean;
  confirmText: string;
  tone?: 'primary' | 'danger';
  onReason: (value: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The dialog every audited action opens: what it does, a written reason (3 to 500 characters,
 * kept in the audit log), Cancel and the action. Focus goes to the reason, and back to the button
 * that opened it when it closes.
 */
export const ReasonDialog = observer(function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      describedBy="reason-dialog-description"
    >
      <form
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onConfirm();
        }}
      >
        <p id="reason-dialog-description">{props.description}</p>
        <FieldFrame
          id="field-reason"
          label={t('reason.label')}
          hint={t('reason.hint', { max: REASON_MAX })}
          error={props.error}
        >
          {(control) => (
            <textarea
              {...control}
              name="reason"
              rows={3}
              maxLength={REASON_MAX}
              value={props.reason}
              onChange={(event) => props.onReason(event.target.value)}
            />
          )}
        </FieldFrame>
        {props.failure && (
          <p className="console-failure" role="alert">
            {t(props.failure)}
          </p>
        )}
        <DialogActions
          className="console-dialog-actions"
          tone={props.tone ?? 'primary'}
          busy={props.busy}
          onCancel={props.onCancel}
          cancelText={t('common.cancel')}
          submitText={props.confirmText}
          busyText={t('common.working')}
        />
      </form>
    </ModalDialog>
  );
});
