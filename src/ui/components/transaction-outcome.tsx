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

/** What a transaction's page shows of its state (see transactionOutcome). */
export interface Outcome {
  texts: OutcomeTexts;
  look: PaymentStatus;
  /** The transaction itself cannot be shown (no amount then). */
  unavailable: boolean;
  signInRequired: boolean;
}

/**
 * What a transaction's page shows of its state: the screen's own texts per status, or, when the
 * transaction is not found or needs a sign-in, the shared texts for that (with the failed look).
 */
export function transactionOutcome(
  shown: ShownTransaction,
  statusTexts: Record<PaymentStatus, OutcomeTexts>,
): Outcome {
  const { signInRequired } = shown;
  const unavailable = shown.notFound ? notFoundTexts : signInRequired ? signInTexts : null;
  return unavailable
    ? { texts: unavailable, look: 'failed', unavailable: true, signInRequired }
    : {
        texts: statusTexts[shown.paymentStatus],
        look: shown.paymentStatus,
        unavailable: false,
        signInRequired,
      };
}

/**
 * The page's status section, in the status's look: an optional heading that names it, the
 * status's icon, title (as `titleAs`, announced as a status) and explanation, then the sign-in
 * link when the transaction needs one.
 */
export function TransactionOutcome({
  outcome: { texts, look, signInRequired },
  titleAs: Title,
  heading,
}: {
  outcome: Outcome;
  titleAs: 'h1' | 'p';
  heading?: { id: string; text: string };
}) {
  const { t } = useTranslation();
  return (
    <section className={`payment-status payment-status-${look}`} aria-labelledby={heading?.id}>
      {heading && (
        <h2 id={heading.id} className="payment-status-label">
          {heading.text}
        </h2>
      )}
      <span className="payment-status-icon" aria-hidden="true">
        <PaymentIcon name={look} />
      </span>
      <Title className="payment-status-title" role="status">
        {t(texts.title)}
      </Title>
      <p className="payment-status-text">{t(texts.text)}</p>
      {signInRequired && <SignInLink />}
    </section>
  );
}
