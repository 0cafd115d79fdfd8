import { ApiPaths } from '../../contract/api';
import { HttpError, isTransientFailure, type HttpPort } from '../ports/http.port';
import {
  PaymentMessages,
  toPaymentStatus,
  type PaymentFailure,
  type Transaction,
} from '../model/payment';
import type { QueryAttempt, QueryCache } from '../query-cache';
import type { Result } from '../result';

export const TRANSACTION_DETAILS_PATH = ApiPaths.transactionDetails;

/** The cache key of one transaction. */
export const transactionQueryKey = (transactionId: string): string =>
  `transaction:${transactionId}`;

interface TransactionDto {
  transactionId?: string;
  status?: string;
  amount?: string | number;
}

/** Reads one transaction (GET /transaction/details?transactionId=...) through the data cache. */
export class GetTransactionUseCase {
  constructor(
    private readonly http: HttpPort,
    private readonly cache: QueryCache,
  ) {}

  execute(input: { transactionId: string }): Promise<Result<Transaction, PaymentFailure>> {
    return this.cache.fetch(transactionQueryKey(input.transactionId), () => this.read(input));
  }

  /** Nobody waits for this transaction any more: drop its pending retry, if any. */
  cancel(transactionId: string): void {
    this.cache.cancel(transactionQueryKey(transactionId));
  }

  private async read(input: {
    transactionId: string;
  }): Promise<QueryAttempt<Transaction, PaymentFailure>> {
    try {
      const response = await this.http.get<TransactionDto>(TRANSACTION_DETAILS_PATH, {
        query: { transactionId: input.transactionId },
      });
      const data = response.data;
      // The API answers alike for an unknown id and another member's (so ids cannot be probed);
      // 403 is treated the same in case a server tells them apart. Asking again will not help.
      if (response.httpStatus === 404 || response.httpStatus === 403) {
        const failure = { key: 'paymentStatus.notFoundText', notFound: true };
        return { ok: false, error: { failure, retryable: false } };
      }
      if (response.httpStatus === 401) {
        const failure = { key: 'paymentStatus.signInText', signInRequired: true };
        return { ok: false, error: { failure, retryable: false } };
      }
      if (response.status !== 1 || !data) {
        const failure = { serverMessage: response.message, key: PaymentMessages.checkFailed };
        return { ok: false, error: { failure, retryable: isTransientFailure(response) } };
      }
      return {
        ok: true,
        value: {
          transactionId: data.transactionId || input.transactionId,
          status: toPaymentStatus(data.status),
          amount:
            data.amount === undefined || data.amount === null ? undefined : String(data.amount),
        },
      };
    } catch (error) {
      if (error instanceof HttpError) {
        const failure = { key: PaymentMessages.checkError };
        return { ok: false, error: { failure, retryable: isTransientFailure(error) } };
      }
      throw error;
    }
  }
}
