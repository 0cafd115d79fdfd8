import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { PaymentStatus } from '../../../domain/model/payment';
import { useViewModel } from '../../../ui-kit/di';
import { DetailRow } from '../../components/detail-row';
import '../../styles/auth.css';
import '../../styles/payment.css';
import {
  type OutcomeTexts,
  TransactionOutcome,
  transactionOutcome,
} from '../../components/transaction-outcome';
import { ReturnViewModel } from './return.view-model';

const statusTexts: Record<PaymentStatus, OutcomeTexts> = {
  pending: { title: 'returnPage.pendingTitle', text: 'returnPage.pendingText' },
  completed: { title: 'returnPage.successTitle', text: 'returnPage.successText' },
  failed: { title: 'returnPage.failedTitle', text: 'returnPage.failedText' },
};

/** /return?transactionId=...: where the gateway sends the payer back. */
export const ReturnScreen = observer(function ReturnScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(ReturnViewModel);
  const { search } = useLocation();
  useEffect(() => vm.load(search), [vm, search]);

  if (vm.status === 'missing') {
    return (
      <main id="main" className="card payment-card payment-result">
        <h1 className="payment-status-title" role="alert">
          {t('returnPage.noTransactionId')}
        </h1>
        <div className="payment-actions">
          <button type="button" className="button-secondary" onClick={vm.goHome}>
            {t('returnPage.backHome')}
          </button>
        </div>
      </main>
    );
  }

  const outcome = transactionOutcome(vm.shown, statusTexts);
  return (
    <main id="main" className="card payment-card payment-result">
      <TransactionOutcome outcome={outcome} titleAs="h1" />

      <dl className="payment-summary">
        <DetailRow label={t('returnPage.transactionId')}>
          <code>{vm.shown.transactionId}</code>
        </DetailRow>
        {!outcome.unavailable && (
          <DetailRow label={t('returnPage.amount')}>{vm.shown.displayAmount}</DetailRow>
        )}
      </dl>

      <div className="payment-actions">
        <button type="button" className="button-primary" onClick={() => void vm.refresh()}>
          {t('returnPage.refresh')}
        </button>
        <button type="button" className="button-secondary" onClick={vm.goHome}>
          {t('returnPage.backHome')}
        </button>
      </div>
    </main>
  );
});
