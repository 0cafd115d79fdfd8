import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import {
  type CreatePaymentResponse,
  ApiPaths,
  paymentStatusPath,
} from '../../../../src/contract/api';
import { type PaymentStatus } from '../../../../src/contract/payment';
import { gatewayOutcomeCanonical } from '../../../../src/contract/sandbox-gateway';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';

describe('payment routes on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  let token: string;
  let signer: HmacSha256PaymentSigner;
  beforeEach(async () => {
    t = await injectedApp();
    token = (await logIn(t, await seedMember(t))).token;
    signer = new HmacSha256PaymentSigner(t.config.gatewaySecret);
  });
  afterEach(() => t.close());

  const createPayment = (body: unknown, key?: string, as: string = token) =>
    t.post(ApiPaths.createPayment, body, {
      token: as,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const newPayment = async (amount = '123.45') => {
    const created = await createPayment({ amount, payment_method: 'qr' });
    expect(created.status).toBe(200);
    return created.body.data as CreatePaymentResponse;
  };
  /** What the sandbox gateway posts back: the outcome signed with the shared secret. */
  const signedOutcome = (payment: CreatePaymentResponse, status: PaymentStatus) => {
    const message = {
      transactionId: payment.payment_id,
      status,
      amount: payment.amount,
      timestamp: Math.floor(t.clock.now() / 1000),
    };
    return { ...message, signature: signer.sign(gatewayOutcomeCanonical(message)) };
  };

  it('creates a payment request: 200 with the hand-off to the configured gateway', async () => {
    const created = await createPayment({ amount: '123.45', payment_method: 'qr' });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Payment request created.');
    const payment = created.body.data as CreatePaymentResponse;
    expect(payment).toMatchObject({ status: 'pending', amount: '123.45' });
    expect(payment.gateway).toMatchObject({ url: t.config.gatewayUrl, method: 'POST' });
  });

  it('answers 400 naming the amount, 401 without a session, 409 for a reused key', async () => {
    const low = await createPayment({ amount: '10.00', payment_method: 'qr' });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('amount: Minimum amount is MYR 50.00');

    const anonymous = await t.post(ApiPaths.createPayment, { amount: '100', payment_method: 'qr' });
    expect(anonymous.status).toBe(401);

    const first = await createPayment({ amount: '100.00', payment_method: 'qr' }, 'key-1');
    const same = await createPayment({ amount: '100.00', payment_method: 'qr' }, 'key-1');
    expect((same.body.data as CreatePaymentResponse).payment_id).toBe(
      (first.body.data as CreatePaymentResponse).payment_id,
    );
    const other = await createPayment({ amount: '200.00', payment_method: 'qr' }, 'key-1');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Idempotency-Key was already used for a different payment');
  });

  it('shows status and receipt to the owner only: 200; another member gets the 404 of an unknown id', async () => {
    const payment = await newPayment();
    const status = await t.get(paymentStatusPath(payment.payment_id), { token });
    expect(status.body).toEqual({
      status: 1,
      message: 'Payment status.',
      data: { status: 'pending' },
    });
    const details = await t.get(
      `${ApiPaths.transactionDetails}?transactionId=${payment.payment_id}`,
      { token },
    );
    expect(details.body.data).toEqual({
      transactionId: payment.payment_id,
      status: 'pending',
      amount: '123.45',
      refundedAmount: '0.00',
    });

    const stranger = (await logIn(t, await seedMember(t))).token;
    const theirs = await t.get(paymentStatusPath(payment.payment_id), { token: stranger });
    const unknown = await t.get(paymentStatusPath(`TXN${'A'.repeat(24)}`), { token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({
      status: 0,
      message: 'Payment not found.',
      code: 'PAYMENT_NOT_FOUND',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(theirs.body);
    expect((await t.get(paymentStatusPath('not-an-id'), { token })).body).toEqual(theirs.body);
    const theirDetails = await t.get(
      `${ApiPaths.transactionDetails}?transactionId=${payment.payment_id}`,
      { token: stranger },
    );
    const unknownDetails = await t.get(
      `${ApiPaths.transactionDetails}?transactionId=TXN${'A'.repeat(24)}`,
      { token },
    );
    expect(theirDetails.status).toBe(404);
    expect(theirDetails.body).toEqual({
      status: 0,
      message: 'Transaction not found.',
      code: 'PAYMENT_NOT_FOUND',
    });
    expect(unknownDetails.status).toBe(404);
    expect(unknownDetails.body).toEqual(theirDetails.body);
  });

  it('applies a signed callback once: 200, 200 again as a duplicate, 409 for a contradiction', async () => {
    const payment = await newPayment();
    const applied = await t.post(ApiPaths.paymentCallback, signedOutcome(payment, 'completed'));
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      status: 1,
      message: 'Callback applied.',
      data: { status: 'completed' },
    });
    const again = await t.post(ApiPaths.paymentCallback, signedOutcome(payment, 'completed'));
    expect(again.body.message).toBe('Callback already applied.');
    const contradiction = await t.post(ApiPaths.paymentCallback, signedOutcome(payment, 'failed'));
    expect(contradiction.status).toBe(409);
    expect((await t.get(paymentStatusPath(payment.payment_id), { token })).body.data).toEqual({
      status: 'completed',
    });
  });

  it('answers 401 for a forged callback and 400 for a malformed one, moving nothing', async () => {
    const payment = await newPayment();
    const forged = { ...signedOutcome(payment, 'completed'), amount: '1.00' };
    const refused = await t.post(ApiPaths.paymentCallback, forged);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      status: 0,
      message: 'Invalid signature',
      code: 'CALLBACK_BAD_SIGNATURE',
    });
    const malformed = await t.post(ApiPaths.paymentCallback, { transactionId: payment.payment_id });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('CALLBACK_MALFORMED');
    expect((await t.get(paymentStatusPath(payment.payment_id), { token })).body.data).toEqual({
      status: 'pending',
    });
  });

  it('asks the gateway about a payment left pending too long when its status is read', async () => {
    const payment = await newPayment();
    await t.clock.advance(t.config.reconcileAfterS * 1000);
    t.gateway.answer(payment.payment_id, signedOutcome(payment, 'completed'));
    const status = await t.get(paymentStatusPath(payment.payment_id), { token });
    expect(status.body.data).toEqual({ status: 'completed' });
    expect(t.gateway.queries).toEqual([payment.payment_id]);
  });
});
