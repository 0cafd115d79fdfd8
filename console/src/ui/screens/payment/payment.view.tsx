import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useViewModel } from '../../../../../src/ui-kit/di';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { formatTime, formatRinggit } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { GatewayName, MemberLink, PaymentStatusText } from '../../shared/payment-labels';
import { PaymentTimeline } from './payment-timeline';
import { RefundDialog } from './refund-dialog';
import { RefundList } from './refund-list';
import { RefundRequest } from './refund-request';
import { PaymentViewModel } from './payment.view-model';

/** The payment's facts, and "Ask the gateway now" for those who may. */
const PaymentFacts = observer(function PaymentFacts({ vm }: { vm: PaymentViewModel }) {
  const { t, i18n } = useTranslation();
  const detail = vm.detail;
  if (detail === null) return null;
  const { payment } = detail;
  const time = (iso: string | null) => formatTime(iso, i18n.language);
  return (
    <section aria-labelledby="payment-facts" className="surface-panel console-card">
      <h2 id="payment-facts">{t('payment.facts')}</h2>
      <dl className="console-facts">
        <dt>{t('payment.amount')}</dt>
        <dd data-field="amount">{formatRinggit(payment.amount)}</dd>
        <dt>{t('payment.statusLabel')}</dt>
        <dd data-field="status">
          <PaymentStatusText payment={payment} />
        </dd>
        <dt>{t('payment.gatewayLabel')}</dt>
        <dd>
          <GatewayName gateway={payment.gateway} />
        </dd>
        <dt>{t('payment.gatewayRef')}</dt>
        <dd data-field="gateway-ref">{vm.gatewayReference}</dd>
        <dt>{t('payment.receipt')}</dt>
        <dd data-field="receipt">{payment.receipt_number ?? '—'}</dd>
        <dt>{t('payment.transaction')}</dt>
        <dd>{payment.transaction_id}</dd>
        <dt>{t('payment.member')}</dt>
        <dd>
          <MemberLink member={payment.member} />
        </dd>
        <dt>{t('payment.created')}</dt>
        <dd>{time(payment.created_at)}</dd>
        <dt>{t('payment.paid')}</dt>
        <dd>{time(payment.paid_at)}</dd>
        <dt>{t('payment.refunded')}</dt>
        <dd data-field="refunded">{formatRinggit(payment.refunded)}</dd>
        <dt>{t('payment.refundable')}</dt>
        <dd data-field="refundable">{formatRinggit(detail.refundable)}</dd>
        <dt>{t('refund.method')}</dt>
        <dd>{t(`refund.methodName.${detail.refund_method}`)}</dd>
      </dl>
      {vm.canRequery && (
        <div className="console-actions">
          <SurfaceButton
            onClick={() => void vm.requery()}
            disabled={vm.requerying}
            aria-busy={vm.requerying}
          >
            {vm.requerying ? t('payment.requerying') : t('payment.requery.ask')}
          </SurfaceButton>
        </div>
      )}
      {vm.requeryFailure && (
        <p className="console-failure" role="alert">
          {t(vm.requeryFailure)}
        </p>
      )}
    </section>
  );
});

/** One payment: facts, the gateway's answers, the timeline, its refunds and the refund forms. */
export const PaymentView = observer(function PaymentView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const vm = useViewModel(PaymentViewModel);
  useEffect(() => {
    void vm.load(id);
  }, [vm, id]);
  const detail = vm.detail;
  if (vm.loadFailure) {
    return (
      <>
        <PageHeading>{t('payment.title')}</PageHeading>
        <p className="console-failure" role="alert">
          {t(vm.loadFailure)}
        </p>
      </>
    );
  }
  if (!detail) return <p role="status">{t('common.loading')}</p>;
  const done = vm.done;
  const status = done?.values.status;
  return (
    <>
      <PageHeading times>
        {t('payment.heading', {
          reference: detail.payment.receipt_number ?? detail.payment.transaction_id,
        })}
      </PageHeading>
      <p role="status" className="console-status">
        {done &&
          t(done.key, {
            ...done.values,
            status: status ? t(`payment.status.${status}`) : '',
            defaultValue: t('payment.requery.other'),
          })}
      </p>
      <PaymentFacts vm={vm} />
      {vm.canRequestRefund && (
        <RefundRequest
          form={vm.request}
          paymentId={detail.payment.transaction_id}
          refundable={detail.refundable}
        />
      )}
      <RefundList vm={vm} />
      <section aria-labelledby="payment-timeline" className="surface-panel console-card">
        <h2 id="payment-timeline">{t('timeline.title')}</h2>
        <p className="field-hint">{t('timeline.order')}</p>
        <PaymentTimeline events={detail.timeline} />
      </section>
      <RefundDialog form={vm.decision} />
    </>
  );
});
