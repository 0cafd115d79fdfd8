import { gatewayRegistry } from '../../../server/adapters/gateways/gateway-registry';
import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { ApplyPaymentCallbackUseCase } from '../../../server/use-cases/apply-payment-callback.use-case';
import { setUp } from './payments.use-case.support';

describe('ApplyPaymentCallbackUseCase on in-memory stores', () => {
  it('applies a signed outcome once; a repeat is a duplicate, a contradiction is refused', async () => {
    const { pay, callback, signed, transactions } = await setUp();
    const payment = await pay();
    expect(await callback(signed(payment, 'completed'))).toEqual({
      ok: true,
      value: { result: 'applied', status: 'completed', transactionId: payment.transactionId },
    });
    expect(await callback(signed(payment, 'completed'))).toEqual({
      ok: true,
      value: { result: 'duplicate', status: 'completed', transactionId: payment.transactionId },
    });
    expect(await callback(signed(payment, 'failed'))).toEqual({
      ok: false,
      error: { code: 'CALLBACK_CONTRADICTION', message: 'Transaction is already completed' },
    });
    expect((await transactions.findById(payment.transactionId))?.status).toBe('completed');
    expect(transactions.callbacks().map((c) => c.result)).toEqual([
      'applied',
      'duplicate',
      'rejected',
    ]);
  });

  it('refuses a forged signature before anything else, and records it', async () => {
    const { pay, callback, signed, transactions } = await setUp();
    const payment = await pay();
    const forged = { ...signed(payment, 'completed'), status: 'failed' };
    expect(await callback(forged)).toEqual({
      ok: false,
      error: { code: 'CALLBACK_BAD_SIGNATURE', message: 'Invalid signature' },
    });
    expect((await transactions.findById(payment.transactionId))?.status).toBe('pending');
    expect(transactions.callbacks()).toEqual([
      expect.objectContaining({
        transactionId: payment.transactionId,
        result: 'rejected',
        reason: 'bad_signature: Invalid signature',
      }),
    ]);
  });

  it('refuses a message signed too long ago', async () => {
    const { pay, callback, signed, clock, transactions } = await setUp();
    const payment = await pay();
    const body = signed(payment, 'completed');
    await clock.advance(301_000);
    expect(await callback(body)).toEqual({
      ok: false,
      error: { code: 'CALLBACK_STALE', message: 'Stale timestamp' },
    });
    expect((await transactions.findById(payment.transactionId))?.status).toBe('pending');
  });

  it('refuses an amount other than the payment’s, and a payment it never made', async () => {
    const { pay, callback, signed } = await setUp();
    const payment = await pay('123.45');
    expect(await callback(signed(payment, 'completed', { amount: '1.00' }))).toEqual({
      ok: false,
      error: { code: 'CALLBACK_AMOUNT_MISMATCH', message: 'Amount does not match the transaction' },
    });
    const never = { ...payment, transactionId: `TXN${'A'.repeat(24)}` };
    expect(await callback(signed(never, 'completed'))).toEqual({
      ok: false,
      error: { code: 'CALLBACK_UNKNOWN_TRANSACTION', message: 'Unknown transaction' },
    });
  });

  it("finds the payment by the gateway's own reference when the message names only that", async () => {
    const gateway = new InMemoryPaymentGateway({ keepsRefs: true });
    const { pay, transactions, clock } = await setUp(() => gateway);
    const apply = new ApplyPaymentCallbackUseCase(transactions, gatewayRegistry(gateway), clock);
    const payment = await pay('100.00');
    const ref = await transactions.findGatewayRef(payment.transactionId);
    const outcome = { transactionId: null, gatewayRef: ref, amountSen: 10_000 };
    expect(
      await apply.execute({
        request: gateway.callback({ ...outcome, status: 'completed' }),
        source: 'callback',
        gateway: gateway.name,
      }),
    ).toEqual({
      ok: true,
      value: { result: 'applied', status: 'completed', transactionId: payment.transactionId },
    });
    const forged = gateway.callback({ ...outcome, status: 'completed' });
    forged.body = { ...(forged.body as object), amountSen: 1 };
    expect(
      await apply.execute({ request: forged, source: 'callback', gateway: gateway.name }),
    ).toMatchObject({
      ok: false,
      error: { code: 'CALLBACK_BAD_SIGNATURE' },
    });
  });

  it('applies exactly one of two racing outcomes', async () => {
    const { pay, callback, signed, transactions } = await setUp();
    const payment = await pay();
    const results = await Promise.all([
      callback(signed(payment, 'completed')),
      callback(signed(payment, 'failed')),
    ]);
    expect(results.filter((r) => r.ok && r.value.result === 'applied')).toHaveLength(1);
    expect(transactions.callbacks().filter((c) => c.result === 'applied')).toHaveLength(1);
  });
});
