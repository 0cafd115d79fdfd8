import { type Clock } from '../../ports/clock.port';
import {
  type OutboxEntry,
  type SmsMessage,
  type SmsOutbox,
  type SmsSender,
} from '../../ports/sms-sender.port';

/** Keeps the outbox bounded in long-running development servers. */
const OUTBOX_LIMIT = 500;

/**
 * Development and test: "sends" by logging the message and keeping it in an in-memory outbox
 * that GET /api/dev/sms-outbox reads. Never selected in production with real members.
 */
export class ConsoleSmsSender implements SmsSender, SmsOutbox {
  private readonly entries: OutboxEntry[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.entries.unshift({
      phone_no: message.phoneNo,
      purpose: message.purpose,
      code: message.code,
      sent_at: new Date(this.clock.now()).toISOString(),
    });
    this.entries.length = Math.min(this.entries.length, OUTBOX_LIMIT);
    this.log(`[sms:console] to +${message.phoneNo}: ${message.body}`);
  }

  list(phoneNo?: string): OutboxEntry[] {
    return this.entries.filter((entry) => phoneNo === undefined || entry.phone_no === phoneNo);
  }
}

/** The outbox when a real provider sends: always empty. */
export class EmptySmsOutbox implements SmsOutbox {
  list(): OutboxEntry[] {
    return [];
  }
}
