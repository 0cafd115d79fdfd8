import { gatewayRegistry } from '../../../server/adapters/gateways/gateway-registry';
import { randomBytes } from 'node:crypto';
import { InMemoryGatewayStatusClient } from '../../../server/adapters/in-memory/in-memory-gateway-status-client.adapter';
import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { SandboxGatewayAdapter } from '../../../server/adapters/gateways/sandbox-gateway.adapter';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { type PaymentGateway } from '../../../server/ports/payment-gateway.port';
import { ApplyPaymentCallbackUseCase } from '../../../server/use-cases/apply-payment-callback.use-case';
import {
  CreatePaymentRequestUseCase,
  type PaymentRequestBody,
} from '../../../server/use-cases/create-payment-request.use-case';
import { GetPaymentStatusUseCase } from '../../../server/use-cases/get-payment-status.use-case';
import { ReconcilePendingPaymentsUseCase } from '../../../server/use-cases/reconcile-pending-payments.use-case';
import { type PaymentStatus } from '../../../src/contract/payment';
import { gatewayOutcomeCanonical, handOffCanonical } from '../../../src/contract/sandbox-gateway';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

const RECONCILE_AFTER_S = 600;
const PUBLIC_URL = 'http://portal.test';

/** The payment use cases on in-memory stores, behind the sandbox gateway adapter by default. */
async function setUp(makeGateway?: (defaults: SandboxParts) => PaymentGateway) {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const signer = new HmacSha256PaymentSigner('test gateway secret');
  const statusClient = new InMemoryGatewayStatusClient();
  const sandbox = new SandboxGatewayAdapter(
    () => ({ payUrl: 'https://sandbox.test/pay', clientId: 'member-portal' }),
    signer,
    clock,
    statusClient,
  );
  const gateway = makeGateway ? makeGateway({ sandbox }) : sandbox;
  const gateways = gatewayRegistry(gateway);
  const member = aMemberRow({ name: 'Aisyah Rahman', phoneNo: '60121234567' });
  await stores.members.insert(member);
  const warnings: string[] = [];
  const create = new CreatePaymentRequestUseCase(
    stores.transactions,
    signer,
    gateways,
    clock,
    async (memberId) => {
      const found = await stores.members.findById(memberId);
      return found ? { name: found.name, phoneNo: found.phoneNo } : null;
    },
    randomBytes,
    () => ({ clientId: 'member-portal', publicUrl: PUBLIC_URL }),
  );
  const apply = new ApplyPaymentCallbackUseCase(stores.transactions, gateways, clock);
  const reconcile = new ReconcilePendingPaymentsUseCase(
    stores.transactions,
    gateways,
    apply,
    clock,
    { reconcileAfterS: RECONCILE_AFTER_S, batchSize: 50 },
    (_context, message) => warnings.push(message),
  );
  const getStatus = new GetPaymentStatusUseCase(stores.transactions, reconcile);

  const pay = async (amount: unknown = '123.45', idempotencyKey?: string) => {
    const result = await create.execute({
      memberId: member.id,
      amount,
      paymentMethod: 'qr',
      idempotencyKey,
    });
    if (!result.ok) throw new Error(`payment request refused: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  /** The gateway's signed statement about a payment, as the sandbox sends it. */
  const signed = (
    payment: PaymentRequestBody,
    status: PaymentStatus,
    overrides: { amount?: string; timestamp?: number } = {},
  ) => {
    const message = {
      transactionId: payment.payment_id,
      status,
      amount: overrides.amount ?? payment.amount,
      timestamp: overrides.timestamp ?? Math.floor(clock.now() / 1000),
    };
    return { ...message, signature: signer.sign(gatewayOutcomeCanonical(message)) };
  };
  const callback = (body: unknown) =>
    apply.execute({
      request: { contentType: 'application/json', body, headers: {} },
      source: 'callback',
      gateway: gateway.name,
    });
  return {
    ...stores,
    clock,
    signer,
    statusClient,
    member,
    create,
    reconcile,
    getStatus,
    pay,
    signed,
    callback,
    warnings,
  };
}

interface SandboxParts {
  sandbox: SandboxGatewayAdapter;
}

describe('CreatePaymentRequestUseCase on in-memory stores', () => {
  it('stores a pending payment in sen and answers the signed hand-off', async () => {
    const { pay, transactions, signer, member, clock } = await setUp();
    const payment = await pay('123.45');
    expect(await transactions.findById(payment.payment_id)).toMatchObject({
      memberId: member.id,
      amountSen: 12_345,
      status: 'pending',
      createdAt: new Date(clock.now()),
    });
    expect(payment).toMatchObject({
      status: 'pending',
      transactionId: payment.payment_id,
      amount: '123.45',
      custName: 'Aisyah Rahman',
      custMobile: '60121234567',
      returnUrl: `${PUBLIC_URL}/return?transactionId=${payment.payment_id}`,
      callbackUrl: `${PUBLIC_URL}/api/payment/callback/sandbox`,
      clientSecret: '',
    });
    expect(signer.verify(handOffCanonical(payment), payment.hashVal)).toBe(true);
    expect(payment.gateway).toMatchObject({ url: 'https://sandbox.test/pay', method: 'POST' });
    expect(payment.gateway.fields).toMatchObject({ transactionId: payment.payment_id });
  });

  it.each([
    [{ amount: '49.99' }, 'amount', 'amount: Minimum amount is MYR 50.00'],
    [
      { amount: '12.345' },
      'amount',
      'amount: Amount must be a valid number with up to 2 decimal places',
    ],
    [{ amount: '' }, 'amount', 'amount: Amount is required'],
    [
      { paymentMethod: 'card' },
      'payment_method',
      'payment_method: Please select a valid payment method',
    ],
    [
      { idempotencyKey: 'has space' },
      'Idempotency-Key',
      'Idempotency-Key: 1 to 128 printable characters',
    ],
  ])('refuses %j naming the field', async (change, field, message) => {
    const { create, member, transactions } = await setUp();
    const result = await create.execute({
      memberId: member.id,
      amount: '100.00',
      paymentMethod: 'qr',
      ...change,
    });
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', field, message } });
    expect(await transactions.listStalePending(new Date(8.64e15), 10)).toEqual([]);
  });

  it('answers the same payment for the same Idempotency-Key, and a conflict for other terms', async () => {
    const { pay, create, member, transactions, clock } = await setUp();
    const first = await pay('100.00', 'key-1');
    const again = await pay('100.00', 'key-1');
    expect(again.payment_id).toBe(first.payment_id);
    expect(await pay('100.00', 'key-2')).not.toMatchObject({ payment_id: first.payment_id });
    expect(
      await create.execute({
        memberId: member.id,
        amount: '200.00',
        paymentMethod: 'qr',
        idempotencyKey: 'key-1',
      }),
    ).toEqual({
      ok: false,
      error: {
        code: 'PAYMENT_IDEMPOTENCY_CONFLICT',
        message: 'Idempotency-Key was already used for a different payment',
      },
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
    expect(result).toEqual({
      ok: false,
      error: { code: 'AUTH_REQUIRED', message: 'Please log in to continue.' },
    });
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
      error: {
        code: 'PAYMENT_GATEWAY_UNAVAILABLE',
        message: 'The payment gateway is not available. Please try again.',
      },
    });
    // Nothing half made: the payment the gateway never started is not kept; the key starts afresh.
    const refusedId = gateway.started[0].transactionId;
    expect(await transactions.findById(refusedId)).toBeNull();
    const retried = await create.execute(input);
    if (!retried.ok) throw new Error('the retry should start a payment');
    expect(gateway.started.map((s) => s.transactionId)).toEqual([
      refusedId,
      retried.value.payment_id,
    ]);
    expect(retried.value.payment_id).not.toBe(refusedId);
    // The gateway's own payment (a bill) is stored once and reused by a repeated request.
    expect(await transactions.findGatewayRef(retried.value.payment_id)).toBe('BILL000001');
    await create.execute(input);
    expect(gateway.started[2].existingRef).toBe('BILL000001');
  });
});

describe('ApplyPaymentCallbackUseCase on in-memory stores', () => {
  it('applies a signed outcome once; a repeat is a duplicate, a contradiction is refused', async () => {
    const { pay, callback, signed, transactions } = await setUp();
    const payment = await pay();
    expect(await callback(signed(payment, 'completed'))).toEqual({
      ok: true,
      value: { result: 'applied', status: 'completed', transactionId: payment.payment_id },
    });
    expect(await callback(signed(payment, 'completed'))).toEqual({
      ok: true,
      value: { result: 'duplicate', status: 'completed', transactionId: payment.payment_id },
    });
    expect(await callback(signed(payment, 'failed'))).toEqual({
      ok: false,
      error: { code: 'CALLBACK_CONTRADICTION', message: 'Transaction is already completed' },
    });
    expect((await transactions.findById(payment.payment_id))?.status).toBe('completed');
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
    expect((await transactions.findById(payment.payment_id))?.status).toBe('pending');
    expect(transactions.callbacks()).toEqual([
      expect.objectContaining({
        transactionId: payment.payment_id,
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
    expect((await transactions.findById(payment.payment_id))?.status).toBe('pending');
  });

  it('refuses an amount other than the payment’s, and a payment it never made', async () => {
    const { pay, callback, signed } = await setUp();
    const payment = await pay('123.45');
    expect(await callback(signed(payment, 'completed', { amount: '1.00' }))).toEqual({
      ok: false,
      error: { code: 'CALLBACK_AMOUNT_MISMATCH', message: 'Amount does not match the transaction' },
    });
    const never = { ...payment, payment_id: `TXN${'A'.repeat(24)}` };
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
    const ref = await transactions.findGatewayRef(payment.payment_id);
    const outcome = { transactionId: null, gatewayRef: ref, amountSen: 10_000 };
    expect(
      await apply.execute({
        request: gateway.callback({ ...outcome, status: 'completed' }),
        source: 'callback',
        gateway: gateway.name,
      }),
    ).toEqual({
      ok: true,
      value: { result: 'applied', status: 'completed', transactionId: payment.payment_id },
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

describe('ReconcilePendingPaymentsUseCase on in-memory stores', () => {
  it('asks the gateway about stale pending payments only, and applies what it signs', async () => {
    const { pay, reconcile, statusClient, signed, clock, transactions } = await setUp();
    const paid = await pay('100.00');
    const unknown = await pay('200.00');
    const stillOpen = await pay('300.00');
    await clock.advance(RECONCILE_AFTER_S * 1000);
    const fresh = await pay('400.00');
    statusClient.answer(paid.payment_id, signed(paid, 'completed'));
    statusClient.answer(stillOpen.payment_id, signed(stillOpen, 'pending'));

    expect(await reconcile.execute()).toEqual({
      checked: 3,
      completed: 1,
      failed: 0,
      stillPending: 2,
      errors: 0,
    });
    expect(statusClient.queries.sort()).toEqual(
      [paid.payment_id, unknown.payment_id, stillOpen.payment_id].sort(),
    );
    expect(statusClient.queries).not.toContain(fresh.payment_id);
    expect((await transactions.findById(paid.payment_id))?.status).toBe('completed');
    expect(transactions.callbacks()).toEqual([
      expect.objectContaining({
        transactionId: paid.payment_id,
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
    statusClient.answer(payment.payment_id, { ...signed(payment, 'completed'), status: 'failed' });
    expect(await reconcile.execute()).toMatchObject({ checked: 1, errors: 1 });
    expect((await transactions.findById(payment.payment_id))?.status).toBe('pending');
    expect(warnings).toEqual(['gateway status query failed', 'gateway status answer rejected']);
  });

  it('lets a status read bring a stale payment up to date', async () => {
    const { pay, getStatus, statusClient, signed, clock, member } = await setUp();
    const payment = await pay();
    const read = () => getStatus.execute({ memberId: member.id, paymentId: payment.payment_id });
    expect(await read()).toEqual({ ok: true, value: { status: 'pending' } });
    expect(statusClient.queries).toEqual([]);

    await clock.advance(RECONCILE_AFTER_S * 1000);
    statusClient.answer(payment.payment_id, signed(payment, 'failed'));
    expect(await read()).toEqual({ ok: true, value: { status: 'failed' } });
    expect(
      await getStatus.execute({ memberId: aMemberRow().id, paymentId: payment.payment_id }),
    ).toEqual({
      ok: false,
      error: { code: 'PAYMENT_NOT_FOUND', message: 'Payment not found.' },
    });
  });
});
