import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { RefundDto } from '../../../../../src/contract/ops-payments-api';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { formatDay, formatTime, formatRinggit } from '../../shared/format';
import type { PaymentViewModel } from './payment.view-model';

/** One refund's steps: asked, decided, sent or paid back, and why it failed. */
function RefundFacts({ refund }: { refund: RefundDto }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string | null) => formatTime(iso, i18n.language);
  return (
    <dl className="console-facts">
      <dt>{t('refund.method')}</dt>
      <dd>{t(`refund.methodName.${refund.method}`)}</dd>
      <dt>{t('refund.requested')}</dt>
      <dd>{t('refund.byAt', { name: refund.requested_by.name, at: time(refund.requested_at) })}</dd>
      <dt>{t('refund.reason')}</dt>
      <dd>{refund.reason}</dd>
      {refund.decided_by !== null && (
        <>
          <dt>{t('refund.decided')}</dt>
          <dd>{t('refund.byAt', { name: refund.decided_by.name, at: time(refund.decided_at) })}</dd>
        </>
      )}
      {refund.decision_reason !== null && (
        <>
          <dt>{t('refund.decisionReason')}</dt>
          <dd>{refund.decision_reason}</dd>
        </>
      )}
      {refund.reference !== null && (
        <>
          <dt>{t('refund.reference')}</dt>
          <dd>{refund.reference}</dd>
        </>
      )}
      {refund.transfer_date !== null && (
        <>
          <dt>{t('refund.transferDate')}</dt>
          <dd>{formatDay(refund.transfer_date, i18n.language)}</dd>
        </>
      )}
      {refund.failure_reason !== null && (
        <>
          <dt>{t('refund.failure')}</dt>
          <dd>{refund.failure_reason}</dd>
        </>
      )}
    </dl>
  );
}

/** The payment's refunds, newest first as the server gives them, each with the steps allowed. */
export const RefundList = observer(function RefundList({ vm }: { vm: PaymentViewModel }) {
  const { t } = useTranslation();
  const refunds = vm.detail?.refunds ?? [];
  return (
    <section aria-labelledby="payment-refunds" className="surface-panel console-card">
      <h2 id="payment-refunds">{t('refund.title', { count: refunds.length })}</h2>
      <ul className="console-plain-list">
        {refunds.map((refund) => {
          const steps = vm.stepsFor(refund);
          const name = t('refund.name', {
            amount: formatRinggit(refund.amount),
            status: t(`refund.status.${refund.status}`),
          });
          return (
            <li key={refund.id} className="console-refund" data-refund={refund.id}>
              <h3 className="console-row-title">{name}</h3>
              <RefundFacts refund={refund} />
              {steps.length > 0 && (
                <div className="console-actions" role="group" aria-label={name}>
                  {steps.map((step) => (
                    <SurfaceButton
                      key={step}
                      tone={
                        step === 'reject' ? 'danger' : step === 'approve' ? 'primary' : undefined
                      }
                      onClick={() => vm.decision.open(refund, step)}
                    >
                      {t(`refund.step.${step}`)}
                    </SurfaceButton>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
});
