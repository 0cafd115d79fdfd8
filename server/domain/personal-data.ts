import { ACCOUNT_DELETION_WORD } from '../../src/contract/personal-data';
import { type RefundStatus } from '../../src/contract/ops-payments-api';
import { type SmsPurpose } from '../../src/contract/rules';
import { type Member } from './member';
import { type MemberSessionRecord } from './member-sessions';
import { type TransactionStatus } from './transaction';

/** One payment as its member's data download lists it. */
export interface PaymentRecordOfMember {
  transactionId: string;
  amountSen: number;
  paymentMethod: string;
  status: TransactionStatus;
  createdAt: Date;
  finalisedAt: Date | null;
  receiptNumber: string | null;
  /** Its refunds, oldest request first; no operator or reason (they are the staff's). */
  refunds: RefundOfMember[];
}

/** One refund of a member's payment as their data download lists it. */
export interface RefundOfMember {
  amountSen: number;
  status: RefundStatus;
  requestedAt: Date;
  refundedAt: Date | null;
}

/**
 * Everything the portal keeps about one member, as read for their download: the member row, every
 * session row (ended ones too), their payments, and when SMS codes were sent to their phone.
 * Never the codes, their hashes, the password hash or session tokens.
 */
export interface PersonalDataRecords {
  member: Member;
  sessions: MemberSessionRecord[];
  payments: PaymentRecordOfMember[];
  smsCodesSent: { purpose: SmsPurpose; sentAt: Date }[];
  /** Names and dates only: never the credential or its key. */
  passkeys: { name: string; createdAt: Date; lastUsedAt: Date | null }[];
}

/** The name a deleted member's row keeps, so payments kept for the merchant name no person. */
export const ERASED_MEMBER_NAME = 'Deleted member';

const ERASED_PREFIX = 'erased:';

/** Whether a member row is an erased one (see erasedMemberFields): it is no member any more. */
export const isErasedMember = (member: Pick<Member, 'icOrPassport'>): boolean =>
  member.icOrPassport.startsWith(ERASED_PREFIX);

/**
 * What an erased member row holds instead of the person's data. IC/passport and phone become
 * `erased:<member id>`: lower case and a colon, which no normalised IC (upper case) or phone
 * (digits) can equal, so no login or sign-up check ever finds the row, and the person's own IC
 * and phone are free to register again. The password hash is the caller's hash of a random secret
 * nobody keeps.
 */
export function erasedMemberFields(memberId: string, unusablePasswordHash: string) {
  return {
    name: ERASED_MEMBER_NAME,
    icOrPassport: `${ERASED_PREFIX}${memberId}`,
    phoneNo: `${ERASED_PREFIX}${memberId}`,
    passwordHash: unusablePasswordHash,
  };
}

export type ErasedMemberFields = ReturnType<typeof erasedMemberFields>;

/**
 * The typed confirmation a member enters before deleting their account, compared after trimming
 * and case-insensitively: "delete" and "DELETE " count, any other text does not.
 */
export function isDeletionConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === ACCOUNT_DELETION_WORD;
}
