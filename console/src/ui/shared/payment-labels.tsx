import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { gatewayLabelKey, isGatewayKind } from '../../../../src/contract/gateways';
import type { PaymentSummaryDto } from '../../../../src/contract/ops-payments-api';

/** The member as a payment shows them: masked, linked to their page. */
export function MemberLink({ member }: { member: PaymentSummaryDto['member'] }) {
  return (
    <Link to={`/members/${encodeURIComponent(member.id)}`}>
      {member.name} ({member.phone_no})
    </Link>
  );
}

/** A payment's gateway by its console label (the contract's kinds); an unknown name as it is. */
export function GatewayName({ gateway }: { gateway: string }) {
  const { t } = useTranslation();
  return <>{isGatewayKind(gateway) ? t(gatewayLabelKey(gateway)) : gateway}</>;
}

/** A payment's status, with what was refunded beside it. */
export function PaymentStatusText({ payment }: { payment: PaymentSummaryDto }) {
  const { t } = useTranslation();
  const refunded = payment.refunded !== '0.00';
  return (
    <>
      {t(`payment.status.${payment.status}`)}
      {refunded && (
        <span className="field-hint">
          {' '}
          ({t('payment.refundedAmount', { amount: payment.refunded })})
        </span>
      )}
    </>
  );
}
