import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../domain/model/payment';
import type { ShownTransaction } from '../shared/shown-transaction';
import { PaymentIcon } from './payment-icon';
import { SignInLink } from './sign-in-link';

/** The i18n keys of a status's title and explanation. */
export interface OutcomeTexts {
  title: string;
  text: string;
}

const notFoundTexts: OutcomeTexts = {
  title: 'paymentStatus.notFoundTitle',
  text: 'paymentStatus.notFoundText',
};

const signInTexts: OutcomeTexts = {
  title: 'paymentStatus.signInTitle',
  text: 'paymentStatus.signInText',
};

/**
 * What a transaction's page shows of its state: the screen's own texts per status, or, when the
 * transaction is not found or needs a sign-in, the shared texts for that (with the failed look).
 * `unavailable` says the transaction itself cannot be shown (no amount then).
 */
export function transactionOutcome(
  shown: ShownTransaction,
  statusTexts: Record<PaymentStatus, OutcomeTexts>,
): { texts: OutcomeTexts; look: PaymentStatus; unavailable: boolean } {
  const unavailable = shown.notFound ? notFoundTexts : shown.signInRequired ? signInTexts : null;
  return unavailable
    ? { texts: unavailable, look: 'failed', unavailable: true }
    : { texts: statusTexts[shown.paymentStatus], look: shown.paymentStatus, unavailable: false };
}

/**
 * The status's icon, title (as `titleAs`, announced as a status) and explanation, then the
 * sign-in link when the transaction needs one; placed inside the page's status section.
 */
export function TransactionOutcome({
  texts,
  look,
  signInRequired,
  titleAs: Title,
}: {
  texts: OutcomeTexts;
  look: PaymentStatus;
  signInRequired: boolean;
  titleAs: 'h1' | 'p';
}) {
  const { t } = useTranslation();
  return (
    <>
      <span className="payment-status-icon" aria-hidden="true">
        <PaymentIcon name={look} />
      </span>
      <Title className="payment-status-title" role="status">
        {t(texts.title)}
      </Title>
      <p className="payment-status-text">{t(texts.text)}</p>
      {signInRequired && <SignInLink />}
    </>
  );
}
