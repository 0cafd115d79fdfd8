import { observer } from 'mobx-react-lite';
import { useEffect, type RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLoadedViewModel } from '../../../../../src/ui-kit/loaded-view-model';
import { formatTime, formatRinggit } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { GatewayName, MemberLink, PaymentStatusText } from '../../shared/payment-labels';
import { SearchList } from '../../shared/search-list';
import { PaymentFilters } from './payment-filters';
import { PaymentSearchViewModel } from './payment-search.view-model';

const ResultsTable = observer(function ResultsTable({
  vm,
  rows,
}: {
  vm: PaymentSearchViewModel;
  rows: RefCallback<HTMLElement>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="visually-hidden">{t('payments.results')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payment.receipt')}</th>
            <th scope="col">{t('payment.member')}</th>
            <th scope="col">{t('payment.amount')}</th>
            <th scope="col">{t('payment.statusLabel')}</th>
            <th scope="col">{t('payment.gatewayLabel')}</th>
            <th scope="col">{t('payment.created')}</th>
          </tr>
        </thead>
        <tbody ref={rows}>
          {vm.results.items.map((payment) => (
            <tr key={payment.transaction_id} data-payment={payment.transaction_id}>
              <td>
                <Link to={`/payments/${encodeURIComponent(payment.transaction_id)}`}>
                  {payment.receipt_number ?? payment.transaction_id}
                </Link>
              </td>
              <td>
                <MemberLink member={payment.member} />
              </td>
              <td>{formatRinggit(payment.amount)}</td>
              <td>
                <PaymentStatusText payment={payment} />
              </td>
              <td>
                <GatewayName gateway={payment.gateway} />
              </td>
              <td>{formatTime(payment.created_at, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** Payments: the search form, the newest matching payments first, "Load more" and the CSV. */
export const PaymentSearchView = observer(function PaymentSearchView() {
  const { t } = useTranslation();
  const vm = useLoadedViewModel(PaymentSearchViewModel);
  const firstError = vm.firstError;
  // A refused search puts the focus on the first field at fault.
  useEffect(() => {
    if (firstError) document.getElementById(`field-${firstError}`)?.focus();
  }, [firstError, vm.errors]);

  return (
    <>
      <PageHeading times>{t('payments.title')}</PageHeading>
      <PaymentFilters vm={vm} />
      {vm.exportHref !== null && (
        <p className="console-actions">
          <a
            className="surface-button"
            href={vm.exportHref}
            download="payments.csv"
            onClick={(event) => {
              event.preventDefault();
              void vm.download();
            }}
          >
            {t('payments.export')}
          </a>
        </p>
      )}
      {vm.exportFailure && (
        <p className="console-failure" role="alert">
          {t(vm.exportFailure)}
        </p>
      )}
      <SearchList list={vm.results} found="payments.found">
        {(rows) => <ResultsTable vm={vm} rows={rows} />}
      </SearchList>
    </>
  );
});
