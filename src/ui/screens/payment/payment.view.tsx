import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  isSelectablePaymentMethod,
  LISTED_PAYMENT_METHODS,
  type ListedPaymentMethod,
} from '../../../domain/rules/payment-form';
import { useViewModel } from '../../../ui-kit/di';
import { FieldFrame } from '../../../ui-kit/field-frame';
import { ModalDialog } from '../../../ui-kit/modal-dialog';
import { submitWith } from '../../components/submit';
import { PaymentIcon } from '../../components/payment-icon';
import { usePaymentMethodName } from '../../components/payment-method-name';
import { DetailRow } from '../../components/detail-row';
import { PaymentViewModel } from './payment.view-model';
import '../../styles/auth.css';
import '../../styles/payment.css';

const isListedMethod = (value: string): value is ListedPaymentMethod =>
  (LISTED_PAYMENT_METHODS as readonly string[]).includes(value);

export const PaymentScreen = observer(function PaymentScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(PaymentViewModel);
  const notEditing = vm.status !== 'editing';
  const methodName = usePaymentMethodName();
  const methodLabel = methodName(vm.paymentMethod);

  return (
    <main id="main" className="card payment-card">
      <header className="payment-header">
        <h1>{t('payment.title')}</h1>
        <p className="payment-subtitle">{t('payment.subtitle')}</p>
        <ul className="payment-badges">
          <li>
            <PaymentIcon name="lock" />
            {t('payment.sslSecured')}
          </li>
          <li>
            <PaymentIcon name="shield" />
            {t('payment.secureLogin')}
          </li>
        </ul>
      </header>

      <form className="payment-form" onSubmit={submitWith(vm.continueToPayment)} noValidate>
        <FieldFrame
          id="payment-amount"
          label={t('payment.amount')}
          hint={t('payment.amountHint')}
          error={vm.errors.amount}
        >
          {(control) => (
            <div className="payment-amount">
              <span className="payment-currency" aria-hidden="true">
                {vm.currency}
              </span>
              <input
                {...control}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={vm.amount}
                onChange={(event) => vm.setAmount(event.target.value)}
                disabled={notEditing}
              />
            </div>
          )}
        </FieldFrame>

        <FieldFrame
          id="payment-method"
          label={t('payment.paymentMethod')}
          error={vm.errors.paymentMethod}
        >
          {(control) => (
            <>
              <div className="payment-method">
                {isListedMethod(vm.paymentMethod) && <PaymentIcon name={vm.paymentMethod} />}
                <select
                  {...control}
                  name="payment_method"
                  value={vm.paymentMethod}
                  onChange={(event) => vm.setPaymentMethod(event.target.value)}
                  disabled={notEditing}
                >
                  {LISTED_PAYMENT_METHODS.map((method) => (
                    <option
                      key={method}
                      value={method}
                      disabled={!isSelectablePaymentMethod(method)}
                    >
                      {isSelectablePaymentMethod(method)
                        ? methodName(method)
                        : t('payment.notAvailable', { method: methodName(method) })}
                    </option>
                  ))}
                </select>
              </div>
              <MethodList />
            </>
          )}
        </FieldFrame>

        {vm.status === 'popupBlocked' ? (
          <div className="payment-blocked">
            <p role="alert">{t('payment.popupBlocked')}</p>
            <button type="button" className="button-primary" onClick={vm.continueInNewTab}>
              {t('payment.continueInNewTab')}
            </button>
          </div>
        ) : vm.status === 'submitted' ? (
          <p className="payment-progress" role="status">
            {t('payment.gatewayOpened')}
          </p>
        ) : (
          <button type="submit" className="button-primary" disabled={notEditing}>
            {t('payment.continue')}
          </button>
        )}
      </form>

      <footer className="payment-footer">
        <button type="button" className="button-secondary" onClick={vm.goToProfile}>
          {t('payment.profile')}
        </button>
        {vm.showLogout && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => void vm.logout()}
            disabled={vm.loggingOut}
          >
            {t('session.logout')}
          </button>
        )}
      </footer>

      <ModalDialog
        open={vm.dialogOpen}
        title={t('payment.confirmTitle')}
        onClose={vm.review}
        describedBy="payment-popup-note"
        className="payment-dialog"
      >
        <dl className="payment-summary" aria-busy={vm.busy}>
          <DetailRow label={t('payment.amount')}>
            {vm.currency} {vm.displayAmount}
          </DetailRow>
          <DetailRow label={t('payment.paymentMethod')}>{methodLabel}</DetailRow>
        </dl>
        <p id="payment-popup-note" className="payment-note">
          {t('payment.popupNote')}
        </p>
        {vm.busy && (
          <p className="payment-progress" role="status">
            <span className="spinner payment-spinner" aria-hidden="true" />
            {t('payment.processing')}
          </p>
        )}
        <div className="payment-dialog-actions">
          <button type="button" className="button-secondary" onClick={vm.review} disabled={vm.busy}>
            {t('payment.review')}
          </button>
          <button
            type="button"
            className="button-primary"
            onClick={vm.confirmAndProceed}
            disabled={vm.busy}
          >
            {vm.busy && <span className="spinner payment-spinner" aria-hidden="true" />}
            {t('payment.confirm')}
          </button>
        </div>
      </ModalDialog>
    </main>
  );
});

/** Every listed method with its icon, the unavailable ones struck through (for sight only). */
function MethodList() {
  const methodName = usePaymentMethodName();
  return (
    <ul className="payment-method-list" aria-hidden="true">
      {LISTED_PAYMENT_METHODS.map((method) => (
        <li key={method} className={isSelectablePaymentMethod(method) ? undefined : 'is-disabled'}>
          <PaymentIcon name={method} />
          {methodName(method)}
        </li>
      ))}
    </ul>
  );
}
