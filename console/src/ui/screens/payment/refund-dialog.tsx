import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../../src/ui-kit/dialog-actions';
import { FieldFrame } from '../../../../../src/ui-kit/field-frame';
import { ModalDialog } from '../../../../../src/ui-kit/modal-dialog';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { REASON_MAX } from '../../../domain/rules';
import { formatRinggit } from '../../shared/format';
import type { RefundDecisionForm } from './refund-decision.form';

/**
 * The dialog of one step on a refund: what it does, then a reason (approve, reject), nothing
 * more (send again), or the bank transfer's reference and date (close).
 */
export const RefundDialog = observer(function RefundDialog({ form }: { form: RefundDecisionForm }) {
  const { t } = useTranslation();
  const { step, refund } = form;
  if (step === null || refund === null) return null;
  const values = { amount: formatRinggit(refund.amount), name: refund.requested_by.name };
  return (
    <ModalDialog
      open
      title={t(`refund.step.${step}`)}
      onClose={form.cancel}
      describedBy="refund-dialog-text"
    >
      <form
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.confirm();
        }}
      >
        <p id="refund-dialog-text">{t(`refund.explain.${step}`, values)}</p>
        {(step === 'approve' || step === 'reject') && (
          <FieldFrame
            id="field-decision_reason"
            label={t('reason.label')}
            hint={t('reason.hint', { max: REASON_MAX })}
            error={form.errors.reason}
          >
            {(control) => (
              <textarea
                {...control}
                name="decision_reason"
                rows={3}
                maxLength={REASON_MAX}
                value={form.reason}
                onChange={(event) => form.set('reason', event.target.value)}
              />
            )}
          </FieldFrame>
        )}
        {step === 'close' && (
          <>
            <TextField
              name="transfer_reference"
              label={t('refund.transferReference')}
              value={form.reference}
              onChange={(value) => form.set('reference', value)}
              error={form.errors.reference}
            />
            <TextField
              name="transfer_date"
              type="date"
              label={t('refund.transferDate')}
              value={form.transferDate}
              onChange={(value) => form.set('transfer_date', value)}
              error={form.errors.transfer_date}
            />
          </>
        )}
        {form.failure && (
          <p className="console-failure" role="alert">
            {t(form.failure)}
          </p>
        )}
        <DialogActions
          className="console-dialog-actions"
          tone={step === 'reject' ? 'danger' : 'primary'}
          busy={form.busy}
          onCancel={form.cancel}
          cancelText={t('common.cancel')}
          submitText={t(`refund.step.${step}`)}
          busyText={t('common.working')}
        />
      </form>
    </ModalDialog>
  );
});
