import {
  type MemberDetailResponse,
  type MemberSearchResponse,
  type MemberSummaryDto,
  type RevealResponse,
} from '../../../src/contract/ops-api';
import { formatSen } from '../../../src/contract/money';
import {
  type MaskedMember,
  type MemberPage,
  type MemberRecord,
  type RevealedMember,
} from '../../use-cases/ops/member-support.use-case';

/** Member support's answers as the console reads them. */

const summary = (member: MaskedMember): MemberSummaryDto => ({
  id: member.id,
  name: member.name,
  phone_no: member.phoneNo,
  ic_or_passport: member.icOrPassport,
  created_at: member.createdAt.toISOString(),
  sign_in_disabled: member.signInDisabled,
});

export const memberSearchResponse = (page: MemberPage): MemberSearchResponse => ({
  items: page.members.map(summary),
  next_cursor: page.nextCursor,
});

export const memberDetailResponse = (record: MemberRecord): MemberDetailResponse => ({
  member: summary(record.member),
  last_sign_in_at: record.lastSignInAt?.toISOString() ?? null,
  sessions: record.sessions.map((session) => ({
    device: session.deviceLabel,
    started_at: session.createdAt.toISOString(),
    last_active_at: session.lastSeenAt.toISOString(),
  })),
  passkeys: record.passkeys.map((passkey) => ({
    name: passkey.name,
    created_at: passkey.createdAt.toISOString(),
  })),
  payments: record.payments.map((payment) => ({
    payment_id: payment.transactionId,
    receipt_number: payment.receiptNumber,
    amount: formatSen(payment.amountSen),
    status: payment.status,
    created_at: payment.createdAt.toISOString(),
  })),
  throttle: record.throttle,
  sms_messages: record.sms.map((sms) => ({
    purpose: sms.purpose,
    requested_at: sms.requestedAt.toISOString(),
    status: sms.status,
    error: sms.error,
    status_at: sms.at?.toISOString() ?? null,
  })),
});

export const revealResponse = (member: RevealedMember): RevealResponse => ({
  name: member.name,
  phone_no: member.phoneNo,
  ic_or_passport: member.icOrPassport,
});
