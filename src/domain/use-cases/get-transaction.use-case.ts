import { ApiPaths } from '../../contract/api';
import { HttpError, type HttpPort } from '../ports/http.port';
import {
  PaymentMessages,
  toPaymentStatus,
  type PaymentFailure,
  type Transaction,
} from '../model/payment';
import { err, ok, type Result } from '../result';

export const TRANSACTION_DETAILS_PATH = ApiPaths.transactionDetails;

interface TransactionDto {
  transactionId?: string;
  status?: string;
  amount?: string | number;
}

/** Reads one transaction (GET /transaction/details?transactionId=...). */
export class GetTransactionUseCase {
  constructor(private readonly http: HttpPort) {}

  async execute(input: { transactionId: string }): Promise<Result<Transaction, PaymentFailure>> {
    try {
      const response = await this.http.get<TransactionDto>(TRANSACTION_DETAILS_PATH, {
        query: { transactionId: input.transactionId },
      });
      const data = response.data;
      if (response.status !== 1 || !data) {
        return err({ serverMessage: response.message, key: PaymentMessages.checkFailed });
      }
      return ok({
        transactionId: data.transactionId || input.transactionId,
        status: toPaymentStatus(data.status),
        amount: data.amount === undefined || data.amount === null ? undefined : String(data.amount),
      });
    } catch (error) {
      if (error instanceof HttpError) return err({ key: PaymentMessages.checkError });
      throw error;
    }
  }
}
