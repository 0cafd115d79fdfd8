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

  async execute(report: SmsDeliveryReport): Promise<{ known: boolean }> {
    const at = new Date(this.clock.now());
    const known = await this.uow.run(({ smsCodes }) =>
      smsCodes.recordDeliveryReport(report.providerMessageId, {
        status: report.status,
        error: report.error,
        at,
      }),
    );
    return { known };
  }
}
