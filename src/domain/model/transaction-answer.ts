import { Expose, plainToInstance, Transform } from 'class-transformer';
import { toPaymentStatus, type PaymentStatus, type Transaction } from './payment';

/** A wire field read as `read` says; plainToInstance keeps only the fields so marked. */
const Read = (read: (value: unknown) => unknown): PropertyDecorator => {
  const transform = Transform(({ value }: { value: unknown }) => read(value));
  const expose = Expose();
  return (target, key) => {
    transform(target, key);
    expose(target, key);
  };
};

const textOrUndefined = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The answer of GET /transaction/details as a class: how each field is read, declared once. An
 * unknown status reads as pending, an amount as its text, an empty receipt number as none.
 */
class TransactionAnswer {
  @Expose() transactionId?: string;
  @Read(toPaymentStatus) status: PaymentStatus = 'pending';
  @Read((value) => (value === undefined || value === null ? undefined : String(value)))
  amount?: string;
  @Read((value) => (value === '' ? undefined : textOrUndefined(value))) receiptNumber?: string;
  @Read(textOrUndefined) refundedAmount?: string;
}

/** The transaction an answer describes; `requestedId` stands in when the answer has no id. */
export function toTransaction(data: object, requestedId: string): Transaction {
  const answer = plainToInstance(TransactionAnswer, data, { excludeExtraneousValues: true });
  const { receiptNumber, refundedAmount } = answer;
  return {
    transactionId: answer.transactionId || requestedId,
    status: answer.status,
    amount: answer.amount,
    ...(receiptNumber !== undefined ? { receiptNumber } : {}),
    ...(refundedAmount !== undefined ? { refundedAmount } : {}),
  };
}
