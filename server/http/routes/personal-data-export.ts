import { formatSen } from '../../../src/contract/money';
import { type PersonalDataExport } from '../../../src/contract/personal-data';
import { type PersonalDataCopy } from '../../use-cases/personal-data.use-case';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date === null ? null : iso(date));

/**
 * "Download my data" as the member receives it: what is kept about them, field by field, and
 * nothing that is a secret of theirs or of the portal's (no password hash, session token or code).
 */
export function personalDataExport(copy: PersonalDataCopy): PersonalDataExport {
  const { member } = copy;
  return {
    exported_at: iso(copy.exportedAt),
    profile: {
      user_id: member.id,
      name: member.name,
      nationality: member.nationality,
      ic_or_passport: member.icOrPassport,
      phone_no: member.phoneNo,
      created_at: iso(member.createdAt),
      updated_at: iso(member.updatedAt),
    },
    sessions: copy.sessions.map((session) => ({
      device: session.deviceLabel,
      started_at: iso(session.createdAt),
      last_active_at: iso(session.lastSeenAt),
      signed_out_at: isoOrNull(session.revokedAt),
    })),
    payments: copy.payments.map((payment) => ({
      payment_id: payment.transactionId,
      amount: formatSen(payment.amountSen),
      currency: 'MYR',
      payment_method: payment.paymentMethod,
      status: payment.status,
      created_at: iso(payment.createdAt),
      finalised_at: isoOrNull(payment.finalisedAt),
      receipt_number: payment.receiptNumber,
      refunds: payment.refunds.map((refund) => ({
        amount: formatSen(refund.amountSen),
        status: refund.status,
        requested_at: iso(refund.requestedAt),
        refunded_at: isoOrNull(refund.refundedAt),
      })),
    })),
    sms_codes_sent: copy.smsCodesSent.map((sent) => ({
      purpose: sent.purpose,
      sent_at: iso(sent.sentAt),
    })),
    passkeys: copy.passkeys.map((passkey) => ({
      name: passkey.name,
      created_at: iso(passkey.createdAt),
      last_used_at: isoOrNull(passkey.lastUsedAt),
    })),
  };
}
