import { type SmsPurpose } from '../../src/contract/rules';
import { type SmsCodeRecord } from '../domain/sms-code-policy';
import { type SmsDeliveryRecord, type SmsDeliveryUpdate } from '../domain/sms-delivery';

export interface SmsRequestRecord {
  id: string;
  phoneNo: string;
  purpose: SmsPurpose;
  clientAddress: string;
  requestedAt: Date;
}

export interface SmsCodeStore {
  /** Serialises code requests for one phone until the transaction ends (across processes). */
  lockPhone(phoneNo: string): Promise<void>;
  /**
   * Serialises code requests from one client address until the transaction ends (across
   * processes). Take it after `lockPhone`: one order everywhere, so two requests never deadlock.
   */
  lockAddress(clientAddress: string): Promise<void>;
  /** The newest code for phone + purpose; `lock` holds its row until the transaction ends. */
  latest(phoneNo: string, purpose: SmsPurpose, lock?: boolean): Promise<SmsCodeRecord | null>;
  insert(code: SmsCodeRecord): Promise<void>;
  recordWrongAttempt(id: string): Promise<void>;
  /** Conditional: true only for the one caller that marks an unused code as used. */
  consume(id: string, now: Date): Promise<boolean>;
  recordRequest(request: SmsRequestRecord): Promise<void>;
  lastRequestAt(phoneNo: string, purpose: SmsPurpose): Promise<Date | null>;
  /** Requests since a time, oldest first (for counts and Retry-After). */
  requestTimesForPhone(phoneNo: string, since: Date): Promise<Date[]>;
  requestTimesForAddress(clientAddress: string, since: Date): Promise<Date[]>;
  /** Deletes up to `limit` codes that expired before `cutoff`; returns how many. */
  deleteCodesExpiredBefore(cutoff: Date, limit: number): Promise<number>;
  /** Deletes up to `limit` request records made before `cutoff`; returns how many. */
  deleteRequestsBefore(cutoff: Date, limit: number): Promise<number>;
  /** The provider's answer to a code's send, with its message id when it gave one. */
  recordSend(
    codeId: string,
    update: SmsDeliveryUpdate & { providerMessageId: string | null },
  ): Promise<void>;
  /**
   * A delivery report for the message the provider names; a status that does not move the
   * message on (sms-delivery.ts, movesOn) changes nothing. False when no code has that message.
   */
  recordDeliveryReport(providerMessageId: string, update: SmsDeliveryUpdate): Promise<boolean>;
  /** A phone's latest codes and what became of their SMS, newest first. */
  recentDeliveries(phoneNo: string, limit: number): Promise<SmsDeliveryRecord[]>;
}
