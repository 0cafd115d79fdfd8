import { isTransientFailure, type ApiFailure, type HttpPort } from '../ports/http.port';
import { failureFrom, gotNoAnswer } from '../model/failure';
import { PaymentMessages, type PaymentFailure, type Transaction } from '../model/payment';
import { toTransaction } from '../model/transaction-answer';
import type { QueryAttempt, QueryCache } from '../query-cache';
import type { Result } from '../../contract/result';

/** The cache key of one transaction. */
export const transactionQueryKey = (transactionId: string): string =>
  `transaction:${transactionId}`;

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
    const answer = await this.http.call('transactionDetails', {
      transactionId: input.transactionId,
    });
    if (!answer.ok) {
      return { ok: false, error: transactionFailure(answer.error) };
    }
    const data = answer.value;
    if (typeof data !== 'object' || data === null) {
      const failure = { key: PaymentMessages.checkFailed, code: 'INVALID_RESPONSE' as const };
      return { ok: false, error: { failure, retryable: false } };
    }
    return { ok: true, value: toTransaction(data, input.transactionId) };
  }
}

const NOT_FOUND_CODES: readonly string[] = ['PAYMENT_NOT_FOUND', 'NOT_FOUND'];
const SIGN_IN_CODES: readonly string[] = ['AUTH_REQUIRED', 'AUTH_SESSION_ENDED'];

/**
 * The API answers alike for an unknown id and another member's (so ids cannot be probed); a 403
 * is treated the same in case a server tells them apart. Neither, nor a missing login, is worth
 * asking again. A server that sends no code is read by its HTTP status.
 */
function transactionFailure(failure: ApiFailure): { failure: PaymentFailure; retryable: boolean } {
  const { code, httpStatus } = failure;
  if (NOT_FOUND_CODES.includes(code) || httpStatus === 404 || httpStatus === 403) {
    const notFound = { ...failureFrom(failure, 'paymentStatus.notFoundText'), notFound: true };
    return { failure: notFound, retryable: false };
  }
  if (SIGN_IN_CODES.includes(code) || httpStatus === 401) {
    const signIn = { ...failureFrom(failure, 'paymentStatus.signInText'), signInRequired: true };
    return { failure: signIn, retryable: false };
  }
  const key = gotNoAnswer(failure) ? PaymentMessages.checkError : PaymentMessages.checkFailed;
  return { failure: failureFrom(failure, key), retryable: isTransientFailure(failure) };
}
