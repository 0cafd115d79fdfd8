import type { PaymentHistoryRow } from '../../src/contract/payment-history';

/** A completed payment as the history lists it; override what the test is about. */
export const aHistoryRow = (overrides: Partial<PaymentHistoryRow> = {}): PaymentHistoryRow => ({
  transactionId: 'TXNAAAAAAAAAAAAAAAAAAAAAAAA',
  createdAt: '2026-11-24T13:05:00.000Z',
  amount: '123.45',
  paymentMethod: 'qr',
  status: 'completed',
  receiptNumber: 'R-2026-000001',
  paidAt: '2026-11-24T13:06:00.000Z',
  refundedAmount: '0.00',
  ...overrides,
});
