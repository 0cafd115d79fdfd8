import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PaymentStatus } from '../../../domain/model/payment';
import { useViewModel } from '../../../ui-kit/di';
import { DetailRow } from '../../components/detail-row';
import '../../styles/auth.css';
import '../../styles/payment.css';
import './receipt-print.css';
import { PaymentStatusViewModel } from './payment-status.view-model';
import { RefundTexts } from '../../shared/refund-label';
import {
  type OutcomeTexts,
  TransactionOutcome,
  transactionOutcome,
} from '../../components/transaction-outcome';

const statusTexts: Record<PaymentStatus, OutcomeTexts> = {
  pending: {
    title: 'paymentStatus.pendingTitle',
    text: 'paymentStatus.pendingText',
  },
  completed: {
    title: 'paymentStatus.completedTitle',
    text: 'paymentStatus.completedText',
  },
  failed: {
    title: 'paymentStatus.failedTitle',
    text: 'paymentStatus.failedText',
  },
};

/** /payment-status and /receipt/:transactionId (the ID then comes from the path). */
export const PaymentStatusScreen = observer(function PaymentStatusScreen() {
  const { t, i18n } = useTranslation();
  const vm = useViewModel(PaymentStatusViewModel);
  const { transactionId } = useParams();
  useEffect(() => vm.load(transactionId), [vm, transactionId]);
  const outcome = transactionOutcome(vm.shown, statusTexts);
  const { unavailable } = outcome;
  const refund = vm.shown.refundLabel;
  const heading = { id: 'payment-current-status', text: t('paymentStatus.currentStatus') };

  return (
    <main id="main" className="card payment-card payment-result receipt-printable">
      <h1>{t('paymentStatus.title')}</h1>
      <TransactionOutcome outcome={outcome} titleAs="p" heading={heading} />

      <dl className="payment-summary">
        <div>
          <dt>{t('paymentStatus.transactionId')}</dt>
          <dd className="payment-transaction-id">
            <code>{vm.shown.transactionId ?? t('paymentStatus.notAvailable')}</code>
            {vm.shown.transactionId !== null && (
              <button
                type="button"
                className="button-link no-print"
                aria-label={t('paymentStatus.copyLabel')}
                onClick={() => void vm.copyTransactionId()}
              >
                {t('paymentStatus.copy')}
              </button>
            )}
            <span className="payment-copy-feedback no-print" role="status">
              {vm.copyState === 'copied' && t('paymentStatus.copied')}
              {vm.copyState === 'failed' && t('paymentStatus.copyFailed')}
            </span>
          </dd>
          <dd className="field-hint no-print">{t('paymentStatus.keepId')}</dd>
        </div>
        {!unavailable && vm.shown.receiptNumber !== null && (
          <DetailRow label={t('receipt.receiptNumber')} valueClassName="payment-receipt-number">
            <code>{vm.shown.receiptNumber}</code>
          </DetailRow>
        )}
        {!unavailable && (
          <DetailRow label={t('paymentStatus.amount')}>{vm.shown.displayAmount}</DetailRow>
        )}
        {!unavailable && refund !== null && (
          <DetailRow label={t(RefundTexts.title)} valueClassName="payment-refund">
            {t(refund.key, refund.values)}
          </DetailRow>
        )}
      </dl>

      {!unavailable && (
        <div className="payment-actions receipt-actions no-print">
          {vm.canDownload && (
            // aria-disabled, not disabled, while it works: a disabled button loses the focus.
            <button
              type="button"
              className="button-primary"
              onClick={() => void vm.downloadPdf(i18n.resolvedLanguage ?? i18n.language)}
              aria-disabled={vm.downloading}
              aria-busy={vm.downloading}
            >
              {t(vm.downloading ? 'receipt.downloading' : 'receipt.downloadPdf')}
            </button>
          )}
          <button type="button" className="button-secondary" onClick={vm.print}>
            {t('receipt.print')}
          </button>
        </div>
      )}

      <div className="payment-actions no-print">
        <button
          type="button"
          className="button-primary"
          onClick={() => void vm.refresh()}
          disabled={vm.shown.transactionId === null}
        >
          {t('paymentStatus.refresh')}
        </button>
        <button type="button" className="button-secondary" onClick={vm.goHome}>
          {t('paymentStatus.backHome')}
        </button>
      </div>
    </main>
  );
});
