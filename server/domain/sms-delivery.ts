import { type SmsPurpose } from '../../src/contract/rules';

/**
 * What became of a code's SMS: queued (the provider took it), sent (handed to the carrier),
 * delivered (the phone has it) or failed (the provider refused it, or the carrier could not
 * deliver it).
 */
export const SMS_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

export const isSmsDeliveryStatus = (value: string): value is SmsDeliveryStatus =>
  (SMS_DELIVERY_STATUSES as readonly string[]).includes(value);

/** A status and when it was learnt, with the provider's error code when it failed. */
export interface SmsDeliveryUpdate {
  status: SmsDeliveryStatus;
  /** The provider's error code (Twilio's ErrorCode, an aggregator's), never its free text. */
  error: string | null;
  at: Date;
}

/** One message as support sees it: never the code nor the text. */
export interface SmsDeliveryRecord {
  codeId: string;
  purpose: SmsPurpose;
  requestedAt: Date;
  /** Null for a code not sent: the password-reset decoy of an unknown phone, or not yet answered. */
  status: SmsDeliveryStatus | null;
  error: string | null;
  at: Date | null;
}

/** Where, under the API, each provider's delivery reports arrive. */
export const SMS_REPORT_PATHS = {
  /** Twilio's status callback, which the send names (StatusCallback). */
  twilio: '/sms/twilio-status',
  /** The HTTP provider's reports, GET or POST, configured at the provider. */
  http: '/sms/delivery-report',
} as const;

const RANK: Record<SmsDeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2 };

/**
 * Whether a report moves a message on: reports arrive out of order and are repeated, so a later
 * stage wins, and a final one (delivered, failed) is never replaced.
 */
export function movesOn(next: SmsDeliveryStatus, current: SmsDeliveryStatus | null): boolean {
  return current === null || RANK[next] > RANK[current];
}

/** Twilio's message statuses (its StatusCallback's MessageStatus) in ours; null: not one. */
export function twilioDeliveryStatus(status: string): SmsDeliveryStatus | null {
  switch (status) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}
