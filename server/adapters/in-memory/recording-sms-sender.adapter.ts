import { type Clock } from '../../ports/clock.port';
import {
  type OutboxEntry,
  type SmsMessage,
  type SmsOutbox,
  type SmsSender,
} from '../../ports/sms-sender.port';

/**
 * Sends nothing: records every message (also as the dev outbox, newest first) so tests and the
 * in-memory container can read the codes. `failNext` makes the next sends reject, as a provider
 * that refused them.
 */
export class RecordingSmsSender implements SmsSender, SmsOutbox {
  /** Every accepted message, oldest first. */
  readonly sent: SmsMessage[] = [];
  private readonly sentAt: Date[] = [];
  private failures = 0;

  constructor(private readonly clock: Clock) {}

  async send(message: SmsMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('SMS provider refused the message');
    }
    this.sent.push({ ...message });
    this.sentAt.push(new Date(this.clock.now()));
  }

  /** The next `count` sends reject. */
  failNext(count = 1): void {
    this.failures += count;
  }

  /** The newest code sent to a phone (for a purpose), or undefined. */
  lastCode(phoneNo: string, purpose?: SmsMessage['purpose']): string | undefined {
    return this.sent
      .filter((m) => m.phoneNo === phoneNo && (purpose === undefined || m.purpose === purpose))
      .at(-1)?.code;
  }

  list(phoneNo?: string): OutboxEntry[] {
    return this.sent
      .map((message, index) => ({
        phone_no: message.phoneNo,
        purpose: message.purpose,
        code: message.code,
        sent_at: this.sentAt[index].toISOString(),
      }))
      .filter((entry) => phoneNo === undefined || entry.phone_no === phoneNo)
      .reverse();
  }
}
