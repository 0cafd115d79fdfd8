import { HttpError, type HttpPort } from '../ports/http.port';
import {
  isPaymentStatus,
  PaymentMessages,
  type PaymentFailure,
  type PaymentStatus,
} from '../model/payment';
import { err, ok, type Result } from '../result';

import { paymentStatusPath } from '../../contract/api';

export { paymentStatusPath };

/**
 * One check of a payment's status (GET /payment/status/{payment_id}). Screens repeat it on their
 * own ClockPort schedule and stop once the status is final.
 */
export class PollPaymentUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: { paymentId: string }): Promise<Result<PaymentStatus, PaymentFailure>> {
    try {
      const response = await this.http.get<{ status?: unknown }>(
        paymentStatusPath(input.paymentId),
      );
      const status = response.data?.status;
      if (response.status !== 1 || !isPaymentStatus(status)) {
        return err({ serverMessage: response.message, key: PaymentMessages.checkFailed });
      }
      return ok(status);
    } catch (error) {
      if (error instanceof HttpError) return err({ key: PaymentMessages.checkError });
      throw error;
    }
  }
}
