import { useTranslation } from 'react-i18next';
import { paymentMethodName } from '../../contract/payment-methods';
import {
  isSelectablePaymentMethod,
  type ListedPaymentMethod,
} from '../../domain/rules/payment-form';

/** Methods listed but not offered: their labels are the screens' own (locales). */
const NOT_OFFERED_KEYS: Record<Exclude<ListedPaymentMethod, 'qr'>, string> = {
  bankTransfer: 'payment.methods.bankTransfer',
  eWallet: 'payment.methods.eWallet',
};

/**
 * A payment method's name in `language`: an offered method by its one name in the contract
 * (PAYMENT_METHOD_NAMES, which the gateway page and the receipt print too); a listed but unoffered
 * one by its label (`t`); anything else as given.
 */
export function paymentMethodLabel(
  method: string,
  language: string | undefined,
  t: (key: string) => string,
): string {
  if (isSelectablePaymentMethod(method)) return paymentMethodName(method, language);
  return Object.hasOwn(NOT_OFFERED_KEYS, method)
    ? t(NOT_OFFERED_KEYS[method as keyof typeof NOT_OFFERED_KEYS])
    : method;
}

/** paymentMethodLabel in the page's language. */
export function usePaymentMethodName(): (method: string) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (method) => paymentMethodLabel(method, language, t);
}
