import type { ReceiptLanguage } from '../../src/contract/payment-history';
import type { PaymentMethod } from '../../src/contract/rules';

/** What a receipt states: the values only; the renderer words and lays them out. */
export interface ReceiptDocument {
  language: ReceiptLanguage;
  /** The IANA zone the receipt's times are printed in and named by; Malaysia's when absent. */
  timeZone?: string;
  merchantName: string;
  receiptNumber: string;
  memberName: string;
  /** The IC or passport number with all but its last 4 characters hidden. */
  maskedIdentity: string;
  transactionId: string;
  /** The gateway's reference of the payment (its own id, or ours when it keeps none). */
  gatewayReference: string;
  /** '123.45', in MYR. */
  amount: string;
  paymentMethod: PaymentMethod;
  status: 'completed';
  paidAt: Date;
  /** Each refund the member got back, oldest first (empty when none): '12.50' MYR and when. */
  refunds: { amount: string; refundedAt: Date }[];
  /** The refunds' sum, '0.00' when none. */
  refundedTotal: string;
  /** When the receipt was made (the clock's now): the PDF's creation date. */
  issuedAt: Date;
}

/** Turns a receipt into a document a member keeps (a PDF), byte for byte the same for the same input. */
export interface ReceiptRenderer {
  render(receipt: ReceiptDocument): Promise<Uint8Array>;
}
