import { type SmsPurpose } from '../../src/contract/rules';

export interface SmsMessage {
  phoneNo: string;
  purpose: SmsPurpose;
  code: string;
  body: string;
  /** Our id for the message, unique per code: a provider that takes a reference gets it. */
  id?: string;
}

/** What a provider told of a message it accepted. */
export interface SmsSent {
  /** The provider's own id, which its delivery reports name. */
  providerMessageId?: string;
}

export interface SmsSender {
  /** Rejects when the provider did not accept the message. */
  send(message: SmsMessage): Promise<SmsSent | void>;
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
