import { DatabaseUnavailableError } from '../../../server/adapters/postgres/database';
import { ApiPaths, paymentStatusPath } from '../../../src/contract/api';
import { receiptPdfPath } from '../../../src/contract/payment-history';
import { callback, type FailureCase, newPaymentId, pay, UNKNOWN_ID } from '../support/failures';

const outage = () => new DatabaseUnavailableError(new Error('connection lost'));

/** Failures of payments, of gateway callbacks and redirects, and of the service itself. */
export const PAYMENT_CASES: FailureCase[] = [
  ['VALIDATION_FAILED', 'an amount below the minimum', (c) => pay(c, '10.00')],
  ['VALIDATION_FAILED', 'a bad Idempotency-Key', (c) => pay(c, '100.00', 'with space')],
  [
    'PAYMENT_NOT_FOUND',
    'an unknown payment',
    (c) => c.t.get(paymentStatusPath(UNKNOWN_ID), { token: c.token }),
  ],
  [
    'PAYMENT_NOT_FOUND',
    'a malformed payment id',
    (c) => c.t.get(paymentStatusPath('not-an-id'), { token: c.token }),
  ],
  [
    'PAYMENT_NOT_FOUND',
    'an unknown transaction',
    (c) =>
      c.t.get(`${ApiPaths.transactionDetails}?transactionId=${UNKNOWN_ID}`, { token: c.token }),
  ],
  [
    'RECEIPT_NOT_AVAILABLE',
    "a pending payment's receipt",
    async (c) => c.t.get(receiptPdfPath(await newPaymentId(c)), { token: c.token }),
  ],
  [
    'PAYMENT_IDEMPOTENCY_CONFLICT',
    'a key reused for another amount',
    async (c) => {
      await pay(c, '100.00', 'key-1');
      return pay(c, '200.00', 'key-1');
    },
  ],
  [
    'PAYMENT_GATEWAY_UNAVAILABLE',
    'a gateway that cannot start it',
    (c) => {
      const gateway = c.t.container.paymentGateway;
      if (!gateway) throw new Error('the in-memory container has a gateway');
      jest.spyOn(gateway, 'startPayment').mockRejectedValueOnce(new Error('gateway down'));
      return pay(c, '100.00');
    },
  ],
  [
    'CALLBACK_MALFORMED',
    'a callback without fields',
    (c) => c.t.post(ApiPaths.paymentCallback, {}),
  ],
  [
    'CALLBACK_BAD_SIGNATURE',
    'a forged callback',
    async (c) => {
      const transactionId = await newPaymentId(c);
      const forged = { transactionId, status: 'completed', amount: '100.00', timestamp: 1 };
      return c.t.post(ApiPaths.paymentCallback, { ...forged, signature: '0'.repeat(64) });
    },
  ],
  [
    'CALLBACK_STALE',
    'a callback signed an hour ago',
    async (c) => callback(c, await newPaymentId(c), 'completed', { ageS: 3600 }),
  ],
  [
    'CALLBACK_NOT_SUPPORTED',
    'a redirect the sandbox gateway never sends',
    (c) => c.t.get('/payment/redirect?billplz%5Bid%5D=x'),
  ],
  [
    'CALLBACK_UNKNOWN_TRANSACTION',
    'a callback for no payment',
    (c) => callback(c, UNKNOWN_ID, 'completed'),
  ],
  [
    'CALLBACK_AMOUNT_MISMATCH',
    'a callback for another amount',
    async (c) => callback(c, await newPaymentId(c), 'completed', { amount: '1.00' }),
  ],
  [
    'CALLBACK_CONTRADICTION',
    'a failure after a completion',
    async (c) => {
      const transactionId = await newPaymentId(c);
      expect((await callback(c, transactionId, 'completed')).status).toBe(200);
      return callback(c, transactionId, 'failed');
    },
  ],
  [
    'SERVICE_UNAVAILABLE',
    'a health check without a database',
    (c) => {
      jest.spyOn(c.t.container.db, 'query').mockRejectedValueOnce(outage());
      return c.t.get('/health');
    },
  ],
  [
    'SERVICE_UNAVAILABLE',
    'a connection lost under a route',
    (c) => {
      jest.spyOn(c.t.container.getProfile, 'execute').mockRejectedValueOnce(outage());
      return c.t.get(ApiPaths.profile, { token: c.token });
    },
  ],
  [
    'INTERNAL_ERROR',
    'a bug under a route',
    (c) => {
      jest.spyOn(c.t.container.getProfile, 'execute').mockRejectedValueOnce(new Error('a bug'));
      return c.t.get(ApiPaths.profile, { token: c.token });
    },
  ],
];
