import type { PaymentRequestData } from '../../src/domain/model/payment';

/** The sandbox gateway's payment page, as the server would hand it over. */
export const SANDBOX_PAY_URL = 'http://localhost:8090/pay';

/** The answer of generate-payment-request-body, as the server sends it. */
export const aPaymentRequest = (over: Partial<PaymentRequestData> = {}): PaymentRequestData => {
  const fields = {
    clientId: 'client-1',
    clientSecret: '',
    transactionId: 'TXN-1',
    custName: 'Aisyah',
    custMobile: '60123456789',
    custEmail: '',
    amount: '123.45',
    returnUrl: 'http://localhost/return?transactionId=TXN-1',
    callbackUrl: 'http://localhost/api/payment/callback',
    paymentMethod: 'qr',
    hashVal: 'abc',
  };
  const { gateway, payment_id, status, ...fieldChanges } = over;
  const handed = { ...fields, ...fieldChanges };
  return {
    payment_id: payment_id ?? 'pay-1',
    status: status ?? 'pending',
    ...handed,
    gateway: gateway ?? { url: SANDBOX_PAY_URL, method: 'POST', fields: handed },
  };
};
