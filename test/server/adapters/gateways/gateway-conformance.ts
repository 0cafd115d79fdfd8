import { randomBytes } from 'node:crypto';
import { gatewayRegistry } from '../../../../server/adapters/gateways/gateway-registry';
import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { SystemClock } from '../../../../server/adapters/system-clock.adapter';
import { type PaymentGateway } from '../../../../server/ports/payment-gateway.port';
import { ApplyPaymentCallbackUseCase } from '../../../../server/use-cases/apply-payment-callback.use-case';
import { CreatePaymentRequestUseCase } from '../../../../server/use-cases/create-payment-request.use-case';
import { ReconcilePendingPaymentsUseCase } from '../../../../server/use-cases/reconcile-pending-payments.use-case';
import { ReturnFromGatewayUseCase } from '../../../../server/use-cases/return-from-gateway.use-case';
import { type StoreSet } from '../../contracts/store-backends';
import { startFaultServer } from '../../support/fault-server';
import { aMemberRow } from '../../support/in-memory-stores';
import { AMOUNT_SEN, aStartRequest, type GatewayHarness, openHandOff } from './gateway-contract';

const clock = new SystemClock();

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

  const wire = (gateway: PaymentGateway = harness.gateway) => {
    const set = stores();
    const gateways = gatewayRegistry(gateway);
    const apply = new ApplyPaymentCallbackUseCase(set.transactions, gateways, clock);
    const reconcile = new ReconcilePendingPaymentsUseCase(
      set.transactions,
      gateways,
      apply,
      clock,
      {
        reconcileAfterS: 600,
        batchSize: 50,
      },
    );
    const redirect = new ReturnFromGatewayUseCase(gateways, set.transactions, reconcile);
    return { set, apply, reconcile, redirect, gateways };
  };

  /** A payment started at the gateway and stored as the create use case stores it. */
  const aPayment = async (storedAmountSen: number = AMOUNT_SEN) => {
    const { set } = wire();
    const member = aMemberRow();
    await set.members.insert(member);
    const request = aStartRequest();
    const start = await harness.gateway.startPayment(request);
    // The payer's tab opens the hand-off: some gateways learn of the payment only then.
    await (await openHandOff(start.handOff)).body?.cancel();
    await set.transactions.createPending({
      transactionId: request.transactionId,
      memberId: member.id,
      amountSen: storedAmountSen,
      paymentMethod: 'qr',
      gateway: harness.gateway.name,
      createdAt: new Date(),
    });
    if (start.gatewayRef !== null) {
      await set.transactions.attachGatewayRef(request.transactionId, start.gatewayRef);
    }
    return { request, start, id: request.transactionId };
  };

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
    const real = harness.gateway;
    // Another gateway that would read the message alike: the payment is not its to confirm.
    const elsewhere: PaymentGateway = {
      name: 'elsewhere',
      capabilities: real.capabilities,
      startPayment: (r) => real.startPayment(r),
      verifyCallback: (c) => real.verifyCallback(c),
      verifyRedirect: (q) => real.verifyRedirect(q),
      queryStatus: (p) => real.queryStatus(p),
    };
    const other = new ApplyPaymentCallbackUseCase(
      set.transactions,
      gatewayRegistry(elsewhere),
      clock,
    );
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

  it('answers a clear error when the gateway is down or failing while creating, leaving no payment', async () => {
    const failing = await startFaultServer();
    const gone = await startFaultServer();
    await gone.close();
    try {
      // Nothing listening, then a gateway answering 503.
      for (const address of [gone.url, failing.url]) {
        const { set } = wire();
        const member = aMemberRow();
        await set.members.insert(member);
        const adapter = harness.adapterAt(address, 500);
        const tried: string[] = [];
        const recording: PaymentGateway = {
          name: adapter.name,
          capabilities: adapter.capabilities,
          startPayment: (request) => {
            tried.push(request.transactionId);
            return adapter.startPayment(request);
          },
          verifyCallback: (c) => adapter.verifyCallback(c),
          verifyRedirect: (q) => adapter.verifyRedirect(q),
          queryStatus: (p) => adapter.queryStatus(p),
        };
        const input = {
          memberId: member.id,
          amount: '123.45',
          paymentMethod: 'qr',
          idempotencyKey: 'retry-me',
        };
        const result = await createUseCase(set, recording, member).execute(input);
        expect(tried).toHaveLength(1);
        if (!harness.gateway.capabilities.createsAtGateway) {
          // Only a signed hand-off is made: the payer's tab meets the gateway, not the server.
          expect(result.ok).toBe(true);
          continue;
        }
        expect(result).toEqual({
          ok: false,
          error: {
            code: 'PAYMENT_GATEWAY_UNAVAILABLE',
            message: 'The payment gateway is not available. Please try again.',
          },
        });
        // Nothing half made: no pending payment, and the same key starts afresh once it is back.
        expect(await set.transactions.findById(tried[0])).toBeNull();
        const again = await createUseCase(set, harness.gateway, member).execute(input);
        expect(again).toMatchObject({ ok: true, value: { status: 'pending' } });
        if (again.ok) expect(again.value.payment_id).not.toBe(tried[0]);
      }
    } finally {
      await failing.close();
    }
  });
}

/** The create use case over `set`, handing off to `gateway`, for `member`. */
function createUseCase(
  set: StoreSet,
  gateway: PaymentGateway,
  member: { name: string; phoneNo: string },
) {
  return new CreatePaymentRequestUseCase(
    set.transactions,
    new HmacSha256PaymentSigner('conformance-secret-0123456789abcdef'),
    gatewayRegistry(gateway),
    clock,
    async () => ({ name: member.name, phoneNo: member.phoneNo }),
    (size) => randomBytes(size),
    () => ({ clientId: 'member-portal', publicUrl: 'http://portal.test' }),
  );
}
