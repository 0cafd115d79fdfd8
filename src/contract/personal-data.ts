import type { PasskeyAuthenticationCredential } from './passkeys';
import type { RefundStatus } from './ops-payments-api';
import type { PaymentStatus } from './payment';
import type { Nationality, SmsPurpose } from './rules';

/**
 * "Download my data": everything the portal keeps about the member, as one JSON document. Never
 * the password hash, session tokens, SMS codes or their hashes, or any key.
 */
export interface PersonalDataExport {
  /** ISO 8601. */
  exported_at: string;
  profile: {
    user_id: string;
    name: string;
    nationality: Nationality;
    ic_or_passport: string;
    phone_no: string;
    created_at: string;
    updated_at: string;
  };
  /** Every session on record, ended ones included, oldest first. */
  sessions: {
    device: string | null;
    started_at: string;
    last_active_at: string;
    /** When it was signed out; null when it was not (it may still have expired). */
    signed_out_at: string | null;
  }[];
  /** Oldest first. */
  payments: {
    payment_id: string;
    /** '123.45' */
    amount: string;
    currency: 'MYR';
    payment_method: string;
    status: PaymentStatus;
    created_at: string;
    /** When it completed or failed; null while pending. */
    finalised_at: string | null;
    receipt_number: string | null;
    /**
     * Every refund of the payment, whatever became of it, oldest first: never who asked for or
     * decided it, nor why.
     */
    refunds: {
      /** '12.50' */
      amount: string;
      status: RefundStatus;
      requested_at: string;
      /** When the money went back; null unless `refunded`. */
      refunded_at: string | null;
    }[];
  }[];
  /** When an SMS code was sent to the member's phone, and what for (never the code). */
  sms_codes_sent: { purpose: SmsPurpose; sent_at: string }[];
  /** Names and dates only: never a credential id or key. */
  passkeys: { name: string; created_at: string; last_used_at: string | null }[];
}

/**
 * "Delete my account": the typed confirmation word and either the password or a passkey's answer
 * to the challenge of POST /user/account/delete/passkey-options (exactly one of the two).
 */
export interface DeleteAccountRequest {
  password?: string;
  passkey?: PasskeyAuthenticationCredential;
  /** ACCOUNT_DELETION_WORD, typed by the member (case and surrounding spaces aside). */
  confirmation: string;
}

/** What the member types to confirm deleting their account. */
export const ACCOUNT_DELETION_WORD = 'DELETE';
