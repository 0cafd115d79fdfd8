import { observer } from 'mobx-react-lite';
import { type RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLoadedViewModel } from '../../../../../src/ui-kit/loaded-view-model';
import { FieldFrame } from '../../../../../src/ui-kit/field-frame';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { WAITING_REFUND_STATUSES } from '../../../domain/use-cases/refunds.use-case';
import { formatTime, formatRinggit } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { SearchForm, SearchList } from '../../shared/search-list';
import { RefundsQueueViewModel } from './refunds-queue.view-model';

/** Each waiting refund: its payment (linked), amount, status, method, who asked and why. */
const QueueTable = observer(function QueueTable({
  vm,
  rows,
}: {
  vm: RefundsQueueViewModel;
  rows: RefCallback<HTMLElement>;
}) {
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
        <tbody ref={rows}>
          {vm.results.items.map((refund) => (
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
                  at: formatTime(refund.requested_at, i18n.language),
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
  const vm = useLoadedViewModel(RefundsQueueViewModel);
  return (
    <>
      <PageHeading times>{t('refunds.title')}</PageHeading>
      <SearchForm label={t('refunds.filters')} onSearch={vm.load}>
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
        <SurfaceButton type="submit" tone="primary" disabled={vm.results.loading}>
          {t('refunds.show')}
        </SurfaceButton>
      </SearchForm>
      <SearchList list={vm.results} found="refunds.found">
        {(rows) => <QueueTable vm={vm} rows={rows} />}
      </SearchList>
    </>
  );
});
