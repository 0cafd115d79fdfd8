import { IDEMPOTENCY_KEY_HEADER } from '../../contract/api';
import type { HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import type { PaymentMethod } from '../../contract/rules';
import { failureFrom, gotNoAnswer } from '../model/failure';
import {
  isGatewayHandOff,
  isPaymentStatus,
  PaymentMessages,
  type PaymentFailure,
  type PaymentRequestData,
} from '../model/payment';
import { err, ok, type Result } from '../../contract/result';

export interface InitiatePaymentInput {
  /** A validated decimal string such as '123.45'. */
  amount: string;
  paymentMethod: PaymentMethod;
  /** One per confirmed attempt: a retry of the same attempt sends the same key. */
  idempotencyKey: string;
}

/**
 * Asks the API to create a pending transaction and the gateway hand-off, and keeps the answer
 * (StorageKeys.paymentRequest) for the status page.
 */
export class InitiatePaymentUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly storage: StoragePort,
  ) {}

  async execute(input: InitiatePaymentInput): Promise<Result<PaymentRequestData, PaymentFailure>> {
    // Decimal text, never a float: the server turns it into integer sen without rounding.
    const answer = await this.http.call(
      'createPayment',
      { amount: input.amount, payment_method: input.paymentMethod },
      { headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey } },
    );
    if (!answer.ok) {
      // No usable answer at all gets the general "payment failed" text.
      const key = gotNoAnswer(answer.error) ? PaymentMessages.failed : PaymentMessages.createFailed;
      return err(failureFrom(answer.error, key));
    }
    const data = answer.value;
    if (!isRequestData(data)) {
      return err({ key: PaymentMessages.createFailed, code: 'INVALID_RESPONSE' });
    }
    this.storage.set(StorageKeys.paymentRequest, JSON.stringify(data));
    return ok(data);
  }
}

/** Enough of the answer to hand off and poll: the ids, a known status and a usable hand-off. */
function isRequestData(data: PaymentRequestData | undefined): data is PaymentRequestData {
  return (
    data !== undefined &&
    isGatewayHandOff(data.gateway) &&
    typeof data.payment_id === 'string' &&
    data.payment_id !== '' &&
    typeof data.transactionId === 'string' &&
    data.transactionId !== '' &&
    isPaymentStatus(data.status)
  );
}
