/** A code's SMS as queued in the code's transaction: its text sealed (it holds the code). */
export interface QueuedSms {
  /** The code's id: the message's, and the provider's reference for it. */
  codeId: string;
  /** The request the resend cooldown counts, forgotten when the send fails. */
  requestId: string;
  sealedText: string;
  dueAt: Date;
  /** The code's own expiry: a message not sent by then is not sent at all. */
  expiresAt: Date;
}

/** A message the worker has claimed: marked `sending`, its attempt counted. */
export interface ClaimedSms {
  codeId: string;
  requestId: string;
  phoneNo: string;
  /** Null once settled; a claimed message always has it. */
  sealedText: string | null;
  /** Attempts including this one. */
  attempts: number;
  expiresAt: Date;
  /**
   * The previous attempt was cut short (its lease ran out while `sending`): the provider may have
   * taken it, so it is settled as failed and never sent again.
   */
  interrupted: boolean;
}

export type SmsSettlement =
  { state: 'sent' } | { state: 'failed' } | { state: 'pending'; dueAt: Date };

/** A sent message as its delivery reports find it: when its code was asked for, where it stands. */
export interface SentSms {
  requestedAt: Date;
  delivered: boolean;
}

export interface SmsSendQueue {
  /** Inside the code's unit of work, so the code and its SMS commit together. */
  enqueue(message: QueuedSms): Promise<void>;
  /**
   * Claims up to `limit` messages due at `now` (pending and due, or sending for longer than
   * `leaseMs`): each is marked sending with its attempt counted, one claimer per message across
   * instances. `codeId` claims that message only.
   */
  claimDue(now: Date, leaseMs: number, limit: number, codeId?: string): Promise<ClaimedSms[]>;
  /** Ends an attempt: sent or failed drop the sealed text; pending waits until `dueAt`. */
  settle(codeId: string, settlement: SmsSettlement): Promise<void>;
  /** A failed send is not a request: the cooldown and the hourly caps forget it. */
  forgetRequest(requestId: string): Promise<void>;
  /** The message the provider names in a report, or null when no code has it. */
  findSent(providerMessageId: string): Promise<SentSms | null>;
}
