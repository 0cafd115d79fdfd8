import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../../../src/ui-kit/di';
import { FieldFrame } from '../../../../../src/ui-kit/field-frame';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { WAITING_REFUND_STATUSES } from '../../../domain/use-cases/refunds.use-case';
import { formatMalaysiaTime, formatRinggit } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { RefundsQueueViewModel } from './refunds-queue.view-model';

/** Each waiting refund: its payment (linked), amount, status, method, who asked and why. */
const QueueTable = observer(function QueueTable({ vm }: { vm: RefundsQueueViewModel }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="visually-hidden">{t('refunds.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('refunds.payment')}</th>
            <th scope="col">{t('refund.amount')}</th>
            <th scope="col">{t('refunds.status')}</th>
            <th scope="col">{t('refund.method')}</th>
            <th scope="col">{t('refund.requested')}</th>
            <th scope="col">{t('refund.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {vm.items.map((refund) => (
            <tr key={refund.id} data-refund={refund.id}>
              <td>
                <Link to={`/payments/${encodeURIComponent(refund.transaction_id)}`}>
                  {refund.transaction_id}
                </Link>
                <span className="field-hint">
                  {' '}
                  {t('refunds.of', { amount: formatRinggit(refund.payment_amount) })}
                </span>
              </td>
              <td>{formatRinggit(refund.amount)}</td>
              <td>{t(`refund.status.${refund.status}`)}</td>
              <td>{t(`refund.methodName.${refund.method}`)}</td>
              <td>
                {t('refund.byAt', {
                  name: refund.requested_by.name,
                  at: formatMalaysiaTime(refund.requested_at, i18n.language),
                })}
              </td>
              <td>{refund.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** Refunds waiting: a status filter, then each refund with a link to its payment. */
export const RefundsQueueView = observer(function RefundsQueueView() {
  const { t } = useTranslation();
  const vm = useViewModel(RefundsQueueViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  return (
    <>
      <PageHeading>{t('refunds.title')}</PageHeading>
      <form
        className="console-search"
        aria-label={t('refunds.filters')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void vm.load();
        }}
      >
        <FieldFrame id="field-refund_status" label={t('refunds.status')}>
          {(control) => (
            <select
              {...control}
              name="status"
              className="console-select"
              value={vm.status}
              onChange={(event) => vm.setStatus(event.target.value)}
            >
              <option value="">{t('refunds.allWaiting')}</option>
              {WAITING_REFUND_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`refund.status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <SurfaceButton type="submit" tone="primary" disabled={vm.loading}>
          {t('refunds.show')}
        </SurfaceButton>
      </form>
      {vm.failure && (
        <p className="console-failure" role="alert">
          {t(vm.failure)}
        </p>
      )}
      <p role="status" className="console-status">
        {vm.loading
          ? t('common.loading')
          : vm.loaded && t('refunds.found', { count: vm.items.length })}
      </p>
      {vm.items.length > 0 && <QueueTable vm={vm} />}
      {vm.nextCursor !== null && (
        <SurfaceButton onClick={() => void vm.loadMore()} disabled={vm.loading}>
          {t('common.loadMore')}
        </SurfaceButton>
      )}
    </>
  );
});
