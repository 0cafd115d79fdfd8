import type { PaymentRequestData } from '../../src/domain/model/payment';

/** The answer of generate-payment-request-body, as the server sends it. */
export const aPaymentRequest = (over: Partial<PaymentRequestData> = {}): PaymentRequestData => ({
  payment_id: 'pay-1',
  status: 'pending',
  transactionId: 'TXN-1',
  clientId: 'client-1',
  clientSecret: '',
  custName: 'Aisyah',
  custMobile: '60123456789',
  custEmail: '',
  amount: '123.45',
  returnUrl: 'http://localhost/return?transactionId=TXN-1',
  callbackUrl: 'http://localhost/api/payment/callback',
  paymentMethod: 'qr',
  hashVal: 'abc',
  ...over,
});
