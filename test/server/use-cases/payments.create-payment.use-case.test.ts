import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { handOffCanonical } from '../../../src/contract/sandbox-gateway';
import { aMemberRow } from '../support/in-memory-stores';
import { setUp, PUBLIC_URL } from './payments.use-case.support';

describe('CreatePaymentRequestUseCase on in-memory stores', () => {
  it('stores a pending payment in sen and answers the signed hand-off', async () => {
    const { pay, transactions, signer, member, clock } = await setUp();
    const payment = await pay('123.45');
    expect(await transactions.findById(payment.transactionId)).toMatchObject({
      memberId: member.id,
      amountSen: 12_345,
      status: 'pending',
      createdAt: new Date(clock.now()),
    });
    expect(payment.status).toBe('pending');
    expect(payment.handOffFields).toMatchObject({
      transactionId: payment.transactionId,
      amount: '123.45',
      custName: 'Aisyah Rahman',
      custMobile: '60121234567',
      returnUrl: `${PUBLIC_URL}/return?transactionId=${payment.transactionId}`,
      callbackUrl: `${PUBLIC_URL}/api/payment/callback/sandbox`,
    });
    expect(signer.verify(handOffCanonical(payment.handOffFields), payment.signature)).toBe(true);
    expect(payment.handOff).toMatchObject({ url: 'https://sandbox.test/pay', method: 'POST' });
    expect(payment.handOff.fields).toMatchObject({ transactionId: payment.transactionId });
  });

  it.each([
    [{ amount: '49.99' }, 'amount', 'amount-below-minimum'],
    [{ amount: '12.345' }, 'amount', 'amount-format'],
    [{ amount: '' }, 'amount', 'amount-required'],
    [{ paymentMethod: 'card' }, 'payment_method', 'payment-method-unknown'],
    [{ idempotencyKey: 'has space' }, 'Idempotency-Key', 'idempotency-key-format'],
  ])('refuses %j naming the field and the rule', async (change, field, reason) => {
    const { create, member, transactions } = await setUp();
    const result = await create.execute({
      memberId: member.id,
      amount: '100.00',
      paymentMethod: 'qr',
      ...change,
    });
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', field, reason } });
    expect(await transactions.listStalePending(new Date(8.64e15), 10)).toEqual([]);
  });

  it('answers the same payment for the same Idempotency-Key, and a conflict for other terms', async () => {
    const { pay, create, member, transactions, clock } = await setUp();
    const first = await pay('100.00', 'key-1');
    const again = await pay('100.00', 'key-1');
    expect(again.transactionId).toBe(first.transactionId);
    expect(await pay('100.00', 'key-2')).not.toMatchObject({ transactionId: first.transactionId });
    expect(
      await create.execute({
        memberId: member.id,
        amount: '200.00',
        paymentMethod: 'qr',
        idempotencyKey: 'key-1',
      }),
    ).toEqual({
      ok: false,
      error: { code: 'PAYMENT_IDEMPOTENCY_CONFLICT' },
    });
    expect(await transactions.listStalePending(new Date(clock.now()), 10)).toHaveLength(2);
  });

  it('asks to log in again (AUTH_REQUIRED) for a member that no longer exists', async () => {
    const { create } = await setUp();
    const result = await create.execute({
      memberId: aMemberRow().id,
      amount: '100.00',
      paymentMethod: 'qr',
    });
    expect(result).toEqual({ ok: false, error: { code: 'AUTH_REQUIRED' } });
  });

  it('answers PAYMENT_GATEWAY_UNAVAILABLE when the gateway cannot start it, keeps nothing; a retry with the key starts afresh', async () => {
    const gateway = new InMemoryPaymentGateway({ keepsRefs: true });
    const { create, member, transactions } = await setUp(() => gateway);
    gateway.failNextStart();
    const input = {
      memberId: member.id,
      amount: '100.00',
      paymentMethod: 'qr',
      idempotencyKey: 'k',
    };
    expect(await create.execute(input)).toEqual({
      ok: false,
      error: { code: 'PAYMENT_GATEWAY_UNAVAILABLE' },
    });
    // Nothing half made: the payment the gateway never started is not kept; the key starts afresh.
    const refusedId = gateway.started[0].transactionId;
    expect(await transactions.findById(refusedId)).toBeNull();
    const retried = await create.execute(input);
    if (!retried.ok) throw new Error('the retry should start a payment');
    expect(gateway.started.map((s) => s.transactionId)).toEqual([
      refusedId,
      retried.value.transactionId,
    ]);
    expect(retried.value.transactionId).not.toBe(refusedId);
    // The gateway's own payment (a bill) is stored once and reused by a repeated request.
    expect(await transactions.findGatewayRef(retried.value.transactionId)).toBe('BILL000001');
    await create.execute(input);
    expect(gateway.started[2].existingRef).toBe('BILL000001');
  });
});
