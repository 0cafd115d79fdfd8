import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HISTORY_STATUS_FILTERS } from '../../../contract/payment-history';
import { formatRinggit } from '../../../domain/model/money';
import type { PaymentHistoryRow } from '../../../domain/use-cases/list-payment-history.use-case';
import { useViewModel } from '../../../ui-kit/di';
import type { UiMessage } from '../../shared/notifier';
import { Paths } from '../../shared/paths';
import { refundLabel } from '../../shared/refund-label';
import { DetailRow } from '../../components/detail-row';
import { rowControl, useFocusAfter } from '../../components/focus-after';
import { usePaymentMethodName } from '../../components/payment-method-name';
import { formatMemberTime, memberTimeZone, zoneLabel } from '../../components/member-time';
import { Spinner } from '../../components/spinner';
import '../../styles/auth.css';
import './payment-history.css';
import { PaymentHistoryViewModel } from './payment-history.view-model';

const isHistoryFilter = (value: string): value is (typeof HISTORY_STATUS_FILTERS)[number] =>
  (HISTORY_STATUS_FILTERS as readonly string[]).includes(value);

/** A UiMessage as text: its key translated, or the server's own words for an unknown code. */
function useMessageText(): (message: UiMessage) => string {
  const { t } = useTranslation();
  return (message) => ('key' in message ? t(message.key, message.values) : message.text);
}

/**
 * /member/payments: the member's payments, newest first, with their receipts. "Load more" keeps
 * the focus while it loads; once the last page is in, it is gone, and focus moves to the first
 * row it brought.
 */
export const PaymentHistoryScreen = observer(function PaymentHistoryScreen() {
  const { t } = useTranslation();
  const text = useMessageText();
  const vm = useViewModel(PaymentHistoryViewModel);
  useEffect(() => void vm.load(), [vm]);
  const list = useRef<HTMLUListElement>(null);
  const after = useFocusAfter();
  const loadMore = () => {
    const firstNew = vm.rows.length;
    after(vm.loadMore(), () => rowControl(list.current, firstNew));
  };

  return (
    <main id="main" className="card payment-card history-card">
      <h1>{t('paymentHistory.title')}</h1>
      <p className="auth-subtitle">
        {t('paymentHistory.subtitle', { zone: zoneLabel(memberTimeZone()) })}
      </p>

      <div className="history-filter">
        <label htmlFor="history-status">{t('paymentHistory.filterLabel')}</label>
        <select
          id="history-status"
          value={vm.filter}
          onChange={(event) => {
            if (isHistoryFilter(event.target.value)) vm.setFilter(event.target.value);
          }}
        >
          {HISTORY_STATUS_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`paymentHistory.filters.${filter}`)}
            </option>
          ))}
        </select>
      </div>

      {vm.state === 'loading' && (
        <div className="history-loading">
          <Spinner />
        </div>
      )}

      {vm.state === 'failed' && vm.loadFailure !== null && (
        <div className="history-message" role="alert">
          <p>{text(vm.loadFailure)}</p>
          <button type="button" className="button-secondary" onClick={() => void vm.load()}>
            {t('paymentHistory.retry')}
          </button>
        </div>
      )}

      {vm.empty && (
        <div className="history-message history-empty">
          <p>{t(vm.filter === 'all' ? 'paymentHistory.empty' : 'paymentHistory.emptyFiltered')}</p>
          <Link className="button-primary" to={Paths.payment}>
            {t('paymentHistory.makePayment')}
          </Link>
        </div>
      )}

      {vm.state === 'ready' && vm.rows.length > 0 && (
        <ul ref={list} className="history-list" aria-label={t('paymentHistory.listLabel')}>
          {vm.rows.map((row) => (
            <HistoryItem key={row.transactionId} row={row} vm={vm} />
          ))}
        </ul>
      )}

      {vm.moreFailure !== null && (
        <p className="history-more-failure" role="alert">
          {text(vm.moreFailure)}
        </p>
      )}
      {vm.hasMore && (
        <div className="history-more">
          <button
            type="button"
            className="button-secondary"
            onClick={loadMore}
            aria-disabled={vm.loadingMore}
            aria-busy={vm.loadingMore}
          >
            {t(vm.loadingMore ? 'paymentHistory.loadingMore' : 'paymentHistory.loadMore')}
          </button>
        </div>
      )}
    </main>
  );
});

const HistoryItem = observer(function HistoryItem({
  row,
  vm,
}: {
  row: PaymentHistoryRow;
  vm: PaymentHistoryViewModel;
}) {
  const { t, i18n } = useTranslation();
  const zone = memberTimeZone();
  const when = formatMemberTime(row.createdAt, i18n.resolvedLanguage ?? i18n.language, zone);
  const refund = refundLabel(row.amount, row.refundedAmount);
  const methodName = usePaymentMethodName();
  return (
    <li
      className={`history-item history-item-${row.status}`}
      data-transaction-id={row.transactionId}
    >
      <dl className="history-fields">
        <DetailRow label={t('paymentHistory.date')}>
          <time dateTime={row.createdAt}>{when}</time>{' '}
          <span className="history-zone">
            {t('paymentHistory.timeZone', { zone: zoneLabel(zone, new Date(row.createdAt)) })}
          </span>
        </DetailRow>
        <DetailRow label={t('paymentHistory.amount')} valueClassName="history-amount">
          {formatRinggit(row.amount)}
        </DetailRow>
        <DetailRow label={t('paymentHistory.method')}>{methodName(row.paymentMethod)}</DetailRow>
        <div>
          <dt>{t('paymentHistory.status')}</dt>
          <dd className={`history-status history-status-${row.status}`} aria-live="polite">
            {t(`paymentHistory.statuses.${row.status}`)}
            {refund !== null && (
              <span className="history-refund">{t(refund.key, refund.values)}</span>
            )}
          </dd>
        </div>
        <DetailRow label={t('paymentHistory.transactionId')} className="history-wide">
          <code>{row.transactionId}</code>
        </DetailRow>
        {row.receiptNumber !== null && (
          <DetailRow label={t('receipt.receiptNumber')} className="history-wide">
            <code>{row.receiptNumber}</code>
          </DetailRow>
        )}
      </dl>
      <div className="history-actions">
        <Link
          to={Paths.receipt(row.transactionId)}
          aria-label={t('paymentHistory.viewReceiptLabel', { id: row.transactionId })}
        >
          {t('paymentHistory.viewReceipt')}
        </Link>
        {row.status === 'completed' && (
          <button
            type="button"
            className="button-link"
            onClick={() => void vm.download(row, i18n.resolvedLanguage ?? i18n.language)}
            aria-disabled={vm.downloading !== null}
            aria-busy={vm.downloading === row.transactionId}
            aria-label={t('receipt.downloadPdfLabel', { id: row.transactionId })}
          >
            {t(
              vm.downloading === row.transactionId ? 'receipt.downloading' : 'receipt.downloadPdf',
            )}
          </button>
        )}
      </div>
    </li>
  );
});
