import { ReconcilePendingPaymentsUseCase } from '../../../server/use-cases/reconcile-pending-payments.use-case';
import { aMemberRow } from '../support/in-memory-stores';
import { setUp, RECONCILE_AFTER_S } from './payments.use-case.support';

describe('ReconcilePendingPaymentsUseCase on in-memory stores', () => {
  it('asks the gateway about stale pending payments only, and applies what it signs', async () => {
    const { pay, reconcile, statusClient, signed, clock, transactions } = await setUp();
    const paid = await pay('100.00');
    const unknown = await pay('200.00');
    const stillOpen = await pay('300.00');
    await clock.advance(RECONCILE_AFTER_S * 1000);
    const fresh = await pay('400.00');
    statusClient.answer(paid.transactionId, signed(paid, 'completed'));
    statusClient.answer(stillOpen.transactionId, signed(stillOpen, 'pending'));

    expect(await reconcile.execute()).toEqual({
      checked: 3,
      completed: 1,
      failed: 0,
      stillPending: 2,
      errors: 0,
    });
    expect(statusClient.queries.sort()).toEqual(
      [paid.transactionId, unknown.transactionId, stillOpen.transactionId].sort(),
    );
    expect(statusClient.queries).not.toContain(fresh.transactionId);
    expect((await transactions.findById(paid.transactionId))?.status).toBe('completed');
    expect(transactions.callbacks()).toEqual([
      expect.objectContaining({
        transactionId: paid.transactionId,
        source: 'reconcile',
        result: 'applied',
      }),
    ]);
  });

  it('counts an unreachable gateway and a forged answer as errors, leaving payments pending', async () => {
    const { pay, reconcile, statusClient, signed, clock, transactions, warnings } = await setUp();
    const payment = await pay();
    await clock.advance(RECONCILE_AFTER_S * 1000);
    statusClient.failWith();
    expect(await reconcile.execute()).toMatchObject({ checked: 1, errors: 1 });
    statusClient.recover();
    statusClient.answer(payment.transactionId, {
      ...signed(payment, 'completed'),
      status: 'failed',
    });
    expect(await reconcile.execute()).toMatchObject({ checked: 1, errors: 1 });
    expect((await transactions.findById(payment.transactionId))?.status).toBe('pending');
    expect(warnings).toEqual(['gateway status query failed', 'gateway status answer rejected']);
  });

  it('lets a status read bring a stale payment up to date', async () => {
    const { pay, getStatus, statusClient, signed, clock, member } = await setUp();
    const payment = await pay();
    const read = () => getStatus.execute({ memberId: member.id, paymentId: payment.transactionId });
    expect(await read()).toEqual({ ok: true, value: { status: 'pending' } });
    expect(statusClient.queries).toEqual([]);

    await clock.advance(RECONCILE_AFTER_S * 1000);
    statusClient.answer(payment.transactionId, signed(payment, 'failed'));
    expect(await read()).toEqual({ ok: true, value: { status: 'failed' } });
    expect(
      await getStatus.execute({ memberId: aMemberRow().id, paymentId: payment.transactionId }),
    ).toEqual({ ok: false, error: { code: 'PAYMENT_NOT_FOUND' } });
  });

  it('starts no gateway query past its time budget: the rest waits for the next sweep', async () => {
    const { pay, statusClient, clock, transactions, gateways, apply } = await setUp();
    for (let i = 0; i < 3; i += 1) await pay();
    await clock.advance(RECONCILE_AFTER_S * 1000);
    // Each gateway answer takes 600 ms; the sweep may start queries for 1 s.
    const query = statusClient.queryStatus.bind(statusClient);
    jest.spyOn(statusClient, 'queryStatus').mockImplementation(async (id) => {
      await clock.advance(600);
      return query(id);
    });
    const settings = { reconcileAfterS: RECONCILE_AFTER_S, batchSize: 50, budgetMs: 1000 };
    const sweep = new ReconcilePendingPaymentsUseCase(
      transactions,
      gateways,
      apply,
      clock,
      settings,
    );
    expect(await sweep.execute()).toMatchObject({ checked: 2 });
    expect(await sweep.execute()).toMatchObject({ checked: 2 });
    expect(statusClient.queries).toHaveLength(4);
  });
});
