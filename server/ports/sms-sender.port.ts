import { type SmsPurpose } from '../../src/contract/rules';

export interface SmsMessage {
  phoneNo: string;
  purpose: SmsPurpose;
  code: string;
  body: string;
}

export interface SmsSender {
  /** Rejects when the provider did not accept the message. */
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry {
  phone_no: string;
  purpose: SmsPurpose;
  code: string;
  sent_at: string;
}

/** Development/test only: what the console sender "sent", newest first. */
export interface SmsOutbox {
  list(phoneNo?: string): OutboxEntry[];
}
