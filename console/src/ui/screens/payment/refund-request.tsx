import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../../../../src/ui-kit/field-frame';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { REASON_MAX } from '../../../domain/rules';
import type { RefundRequestForm } from './refund-request.form';

/** Finance's "Request a refund" form: amount in ringgit (at most `refundable`) and a reason. */
export const RefundRequest = observer(function RefundRequest({
  form,
  paymentId,
  refundable,
}: {
  form: RefundRequestForm;
  paymentId: string;
  refundable: string;
}) {
  const { t } = useTranslation();
  const firstError = form.firstError;
  useEffect(() => {
    if (firstError) document.getElementById(`field-refund_${firstError}`)?.focus();
  }, [firstError, form.errors]);
  return (
    <section aria-labelledby="refund-request" className="surface-panel console-card">
      <h2 id="refund-request">{t('refund.requestTitle')}</h2>
      <form
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(paymentId, refundable);
        }}
      >
        <TextField
          name="refund_amount"
          label={t('refund.amount')}
          hint={t('refund.amountHint', { amount: refundable })}
          inputMode="decimal"
          value={form.amount}
          onChange={form.setAmount}
          error={form.errors.amount}
        />
        <FieldFrame
          id="field-refund_reason"
          label={t('refund.reason')}
          hint={t('reason.hint', { max: REASON_MAX })}
          error={form.errors.reason}
        >
          {(control) => (
            <textarea
              {...control}
              name="refund_reason"
              rows={3}
              maxLength={REASON_MAX}
              value={form.reason}
              onChange={(event) => form.setReason(event.target.value)}
            />
          )}
        </FieldFrame>
        {form.failure && (
          <p className="console-failure" role="alert">
            {t(form.failure)}
          </p>
        )}
        <div className="console-actions">
          <SurfaceButton type="submit" tone="primary" disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? t('common.working') : t('refund.submit')}
          </SurfaceButton>
        </div>
      </form>
    </section>
  );
});
