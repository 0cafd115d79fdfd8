import { ApiPaths, IDEMPOTENCY_KEY_HEADER, type CreatePaymentRequest } from '../../contract/api';
import { HttpError, type HttpPort } from '../ports/http.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';
import type { PaymentMethod } from '../../contract/rules';
import {
  isGatewayHandOff,
  isPaymentStatus,
  PaymentMessages,
  type PaymentFailure,
  type PaymentRequestData,
} from '../model/payment';
import { err, ok, type Result } from '../result';

export interface InitiatePaymentInput {
  /** A validated decimal string such as '123.45'. */
  amount: string;
  paymentMethod: PaymentMethod;
  /** One per confirmed attempt: a retry of the same attempt sends the same key. */
  idempotencyKey: string;
}

export const GENERATE_PAYMENT_REQUEST_PATH = ApiPaths.createPayment;

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
    let response;
    try {
      // Decimal text, never a float: the server turns it into integer sen without rounding.
      const body: CreatePaymentRequest = {
        amount: input.amount,
        payment_method: input.paymentMethod,
      };
      response = await this.http.post<PaymentRequestData>(GENERATE_PAYMENT_REQUEST_PATH, body, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
      });
    } catch (error) {
      // No usable answer at all: the spec's "request failure" text.
      if (error instanceof HttpError) return err({ key: PaymentMessages.failed });
      throw error;
    }
    const data = response.data;
    if (response.status !== 1 || !isRequestData(data)) {
      return err({ serverMessage: response.message, key: PaymentMessages.createFailed });
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
