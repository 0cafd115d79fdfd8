import type { HttpPort } from '../ports/http.port';
import { failureFrom, gotNoAnswer } from '../model/failure';
import {
  isPaymentStatus,
  PaymentMessages,
  type PaymentFailure,
  type PaymentStatus,
} from '../model/payment';
import { err, ok, type Result } from '../../contract/result';

/**
 * One check of a payment's status (GET /payment/status/{payment_id}). Screens repeat it on their
 * own Clock schedule and stop once the status is final.
 */
export class PollPaymentUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: { paymentId: string }): Promise<Result<PaymentStatus, PaymentFailure>> {
    const answer = await this.http.call('paymentStatus', undefined, {
      pathParam: input.paymentId,
    });
    if (!answer.ok) {
      const key = gotNoAnswer(answer.error)
        ? PaymentMessages.checkError
        : PaymentMessages.checkFailed;
      return err(failureFrom(answer.error, key));
    }
    const status: unknown = answer.value?.status;
    if (!isPaymentStatus(status)) {
      return err({ key: PaymentMessages.checkFailed, code: 'INVALID_RESPONSE' });
    }
    return ok(status);
  }
}
