import { FALLBACK_LANGUAGE, type Language, languageOfTag } from './languages';
import type { PaymentMethod } from './rules';

/**
 * Each payment method's one name, in each language: what the payment screen and the history
 * list, the gateway's payment page and the receipt PDF all print for it.
 */
export const PAYMENT_METHOD_NAMES: Readonly<
  Record<Language, Readonly<Record<PaymentMethod, string>>>
> = {
  en: { qr: 'QR payment (instant transfer)' },
  fr: { qr: 'Paiement par QR (virement instantané)' },
  zn: { qr: 'QR 付款（即时转账）' },
  ms: { qr: 'Bayaran QR (Pindahan Segera)' },
};

/** A method's name in a language (a product code or a tag such as 'ms-MY'); English else. */
export function paymentMethodName(method: PaymentMethod, language: string | undefined): string {
  return PAYMENT_METHOD_NAMES[languageOfTag(language ?? '') ?? FALLBACK_LANGUAGE][method];
}
