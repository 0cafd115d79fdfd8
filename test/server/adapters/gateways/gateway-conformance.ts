import { type PaymentGateway } from '../../../../server/ports/payment-gateway.port';
import { type StoreSet } from '../../contracts/store-backends';
import { startFaultServer } from '../../support/fault-server';
import { aMemberRow } from '../../support/in-memory-stores';
import { AMOUNT_SEN, aStartRequest, type GatewayHarness } from './gateway-contract';
import { gatewayRefusalCases } from './gateway-refusals';
import { renamed, storedPayment, wireUseCases } from './gateway-wiring';

/**
 * What every gateway adapter must do with the payment use cases and a real store: a callback is
 * applied once however often it comes, anything forged or mismatched changes nothing, the order
 * of redirect and callback does not matter, and reconciliation survives a failing gateway.
 */
export function gatewayConformance(
  setUp: () => Promise<GatewayHarness>,
  stores: () => StoreSet,
): void {
  let harness: GatewayHarness;
  beforeAll(async () => {
    harness = await setUp();
  });
  afterAll(() => harness?.close());

  const wire = (gateway: PaymentGateway = harness.gateway) => wireUseCases(stores(), gateway);
  const aPayment = (storedAmountSen: number = AMOUNT_SEN) =>
    storedPayment(harness, stores(), storedAmountSen);

  const statusOf = async (id: string) => (await stores().transactions.findById(id))?.status;
  const applied = async (id: string) =>
    (await stores().callbacks()).filter((r) => r.transactionId === id && r.result === 'applied');

  it('applies a signed callback once, and 50 duplicates change nothing', async () => {
    const { apply } = wire();
    const { request, start, id } = await aPayment();
    const callback = await harness.finish(start, request, true);
    const first = await apply.execute({
      request: callback,
      source: 'callback',
      gateway: harness.gateway.name,
    });
    expect(first).toMatchObject({ ok: true, value: { result: 'applied', status: 'completed' } });
    const again = await Promise.all(
      Array.from({ length: 50 }, () =>
        apply.execute({ request: callback, source: 'callback', gateway: harness.gateway.name }),
      ),
    );
    expect(again.every((r) => r.ok && r.value.result === 'duplicate')).toBe(true);
    expect(await statusOf(id)).toBe('completed');
    expect(await applied(id)).toHaveLength(1);
  });

  it('refuses a tampered, unsigned, wrongly keyed or replayed callback, changing nothing', async () => {
    const { apply } = wire();
    const { request, start, id } = await aPayment();
    const genuine = await harness.finish(start, request, true);
    const forgeries = [harness.tamper(genuine), harness.unsign(genuine)];
    if (harness.resign) forgeries.push(harness.resign(genuine));
    if (harness.stale) forgeries.push(harness.stale(genuine));
    for (const forged of forgeries) {
      const result = await apply.execute({
        request: forged,
        source: 'callback',
        gateway: harness.gateway.name,
      });
      expect(result.ok).toBe(false);
    }
    expect(await statusOf(id)).toBe('pending');
    expect(await applied(id)).toHaveLength(0);
  });

  it("refuses a callback whose amount is not the payment's, changing nothing", async () => {
    const { apply } = wire();
    const { request, start, id } = await aPayment(AMOUNT_SEN + 100);
    const callback = await harness.finish(start, request, true);
    const result = await apply.execute({
      request: callback,
      source: 'callback',
      gateway: harness.gateway.name,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'CALLBACK_AMOUNT_MISMATCH' } });
    expect(await statusOf(id)).toBe('pending');
  });

  it("refuses a callback through another gateway than the payment's", async () => {
    const { set } = wire();
    const { request, start, id } = await aPayment();
    const callback = await harness.finish(start, request, true);
    // Another gateway that would read the message alike: the payment is not its to confirm.
    const other = wireUseCases(set, renamed(harness.gateway, 'elsewhere')).apply;
    const result = await other.execute({
      request: callback,
      source: 'callback',
      gateway: 'elsewhere',
    });
    expect(result.ok).toBe(false);
    expect(await statusOf(id)).toBe('pending');
  });

  it('ends a failed attempt followed by a paid one as the gateway rules', async () => {
    const { apply } = wire();
    const { request, start, id } = await aPayment();
    const name = harness.gateway.name;
    const failed = await harness.finish(start, request, false);
    // Read and recorded (applied as failed, or ignored while the bill stays payable).
    expect((await apply.execute({ request: failed, source: 'callback', gateway: name })).ok).toBe(
      true,
    );
    const paid = await harness.finish(start, request, true).catch(() => null);
    if (paid !== null) await apply.execute({ request: paid, source: 'callback', gateway: name });
    // A final "failed" stays (the sandbox); a payable bill ends paid (Billplz, ToyyibPay).
    const expected =
      harness.gateway.capabilities.unpaidAttempt === 'failed' ? 'failed' : 'completed';
    expect(await statusOf(id)).toBe(expected);
    expect((await applied(id)).length).toBe(1);
  });

  it('ends the same whether the redirect or the callback comes first', async () => {
    if (!harness.redirectOf) return;
    const name = harness.gateway.name;
    for (const redirectFirst of [true, false]) {
      const { apply, redirect } = wire();
      const { request, start, id } = await aPayment();
      const query = harness.redirectOf(start, true);
      const callback = await harness.finish(start, request, true);
      const steps = [
        () => redirect.execute({ query, gateway: name }),
        () => apply.execute({ request: callback, source: 'callback', gateway: name }),
      ];
      for (const step of redirectFirst ? steps : steps.reverse()) await step();
      expect(await statusOf(id)).toBe('completed');
      expect(await applied(id)).toHaveLength(1);
    }
  });

  it('reconciles by status query: unpaid, paid, not found, a 5xx and a timeout', async () => {
    const { reconcile } = wire();
    const { request, start, id } = await aPayment();
    expect(await reconcile.reconcileNow(id)).toBe('still_pending');
    await harness.finish(start, request, true);
    expect(await reconcile.reconcileNow(id)).toBe('completed');
    // Stored, never started at the gateway (its start failed): the gateway does not know it.
    const member = aMemberRow();
    await stores().members.insert(member);
    const never = aStartRequest().transactionId;
    await stores().transactions.createPending({
      transactionId: never,
      memberId: member.id,
      amountSen: AMOUNT_SEN,
      paymentMethod: 'qr',
      gateway: harness.gateway.name,
      createdAt: new Date(),
    });
    expect(await reconcile.reconcileNow(never)).toBe('unknown_at_gateway');

    const fault = await startFaultServer();
    try {
      const pending = await aPayment();
      for (const mode of ['error', 'hang'] as const) {
        fault.mode = mode;
        const failing = wire(harness.adapterAt(fault.url, 300));
        expect(await failing.reconcile.reconcileNow(pending.id)).toBe('error');
        expect(await statusOf(pending.id)).toBe('pending');
      }
    } finally {
      await fault.close();
    }
  });

  gatewayRefusalCases(() => harness, stores);
}
