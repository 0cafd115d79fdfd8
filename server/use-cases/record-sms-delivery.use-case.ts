import { type SmsDeliveryStatus } from '../domain/sms-delivery';
import { type Clock } from '../ports/clock.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';

export interface SmsDeliveryReport {
  /** The id the provider's report names: its own, or ours when it gave none. */
  providerMessageId: string;
  status: SmsDeliveryStatus;
  /** The provider's error code, when the message failed. */
  error: string | null;
}

/**
 * A provider's delivery report (Twilio's status callback, the HTTP provider's report), already
 * authenticated by the route: the message moves on to the reported status unless it holds a
 * later one. `known` is false for a message no code has (purged, or another system's).
 */
export class RecordSmsDeliveryUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** `deliveredAfterMs`: from the code's request to this report, when it first says delivered. */
  async execute(report: SmsDeliveryReport): Promise<{ known: boolean; deliveredAfterMs?: number }> {
    const at = new Date(this.clock.now());
    return this.uow.run(async ({ smsCodes, smsMessages }) => {
      const before = await smsMessages.findSent(report.providerMessageId);
      const known = await smsCodes.recordDeliveryReport(report.providerMessageId, {
        status: report.status,
        error: report.error,
        at,
      });
      const first = before !== null && !before.delivered && report.status === 'delivered';
      return first
        ? { known, deliveredAfterMs: at.getTime() - before.requestedAt.getTime() }
        : { known };
    });
  }
}
