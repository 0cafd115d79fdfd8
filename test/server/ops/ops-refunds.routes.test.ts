import { randomBytes } from 'node:crypto';
import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { generateTransactionId } from '../../../server/domain/transaction';
import { buildOpsApp } from '../../../server/ops-http/app';
import { type OpsSessionResponse, OpsPaths } from '../../../src/contract/ops-api';
import {
  OpsPaymentPaths,
  type RefundDto,
  STEP_UP_WINDOW_MS,
} from '../../../src/contract/ops-payments-api';
import { OPS_ROLES, type OpsRole } from '../../../src/contract/ops-roles';
import { inMemoryServer, seedMember } from '../support/in-memory-server';
import { get, type OpsHarness, operatorSignedIn, post, totpCode } from './ops-support';

const reason = 'member asked at the counter';

async function harness(refunds: 'api' | 'manual' = 'api') {
  const gateway = new InMemoryPaymentGateway({ refunds });
  const server = inMemoryServer({ adapters: { paymentGateway: gateway } });
  const app = await buildOpsApp(server.container, server.config, { distDir: '/nonexistent' });
  const h: OpsHarness = {
    server,
    app,
    async close() {
      await app.close();
      await server.container.close();
    },
  };
  const member = await seedMember(server);
  /** A payment of RM 100.00 through the gateway, completed unless told. */
  const payment = async (status: 'completed' | 'pending' = 'completed') => {
    const transactionId = generateTransactionId(randomBytes);
    const { transactions } = server.container;
    await transactions.createPending({
      transactionId,
      memberId: member.id,
      amountSen: 10_000,
      paymentMethod: 'qr',
      gateway: gateway.name,
      createdAt: new Date(server.clock.now()),
    });
    if (status === 'completed') {
      await transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise('completed', new Date(server.clock.now())),
      );
    }
    return transactionId;
  };
  const written = () => ({
    refunds: server.container.tables.refunds.all().length,
    audited: server.container.tables.auditLog.all().filter((e) => e.action.startsWith('refund.'))
      .length,
  });
  return { h, gateway, payment, written, clock: server.clock };
}

const refundsOf = (id: string) =>
  `${OpsPaymentPaths.payment}/${id}/${OpsPaymentPaths.refundsSuffix}`;
const step = (id: string, action: string) => `${OpsPaymentPaths.refund}/${id}/${action}`;

describe('console refunds over HTTP', () => {
  let t: Awaited<ReturnType<typeof harness>>;
  beforeEach(async () => {
    t = await harness();
  });
  afterEach(() => t.h.close());

  it('lets finance ask and finance or admin decide; other roles get 404, nobody 401', async () => {
    const txn = await t.payment();
    const signedIn = {} as Record<OpsRole, Awaited<ReturnType<typeof operatorSignedIn>>>;
    for (const role of OPS_ROLES) signedIn[role] = await operatorSignedIn(t.h, role);
    const asks: Record<string, number> = {};
    for (const role of OPS_ROLES) {
      asks[role] = (
        await post(t.h, refundsOf(txn), { amount: '1.00', reason }, signedIn[role])
      ).statusCode;
    }
    expect(asks).toEqual(
      Object.fromEntries(OPS_ROLES.map((role) => [role, role === 'finance' ? 200 : 404])),
    );
    expect((await post(t.h, refundsOf(txn), { amount: '1.00', reason })).statusCode).toBe(401);
    const [refund] = t.h.server.container.tables.refunds.all();
    const decides: Record<string, number> = {};
    for (const role of OPS_ROLES.filter((r) => r !== 'finance' && r !== 'admin')) {
      decides[role] = (
        await post(t.h, step(refund.id, 'reject'), { reason }, signedIn[role])
      ).statusCode;
    }
    expect(Object.values(decides).every((status) => status === 404)).toBe(true);
    const approved = await post(t.h, step(refund.id, 'approve'), { reason }, signedIn.admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['0', 400, 'VALIDATION_FAILED'],
    ['-1', 400, 'VALIDATION_FAILED'],
    ['1.234', 400, 'VALIDATION_FAILED'],
    ['100.01', 409, 'REFUND_OVER_REFUNDABLE'],
  ])('refuses the amount %p with %p %s and writes nothing', async (amount, status, code) => {
    const txn = await t.payment();
    const finance = await operatorSignedIn(t.h, 'finance');
    const res = await post(t.h, refundsOf(txn), { amount, reason }, finance);
    expect([res.statusCode, res.json().code, res.json().field]).toEqual([status, code, 'amount']);
    expect(t.written()).toEqual({ refunds: 0, audited: 0 });
  });

  it('refuses past what is left, a payment not completed, an unknown one; writes nothing', async () => {
    const finance = await operatorSignedIn(t.h, 'finance');
    const txn = await t.payment();
    expect((await post(t.h, refundsOf(txn), { amount: '60.00', reason }, finance)).statusCode).toBe(
      200,
    );
    const over = await post(t.h, refundsOf(txn), { amount: '40.01', reason }, finance);
    expect([over.statusCode, over.json().code]).toEqual([409, 'REFUND_OVER_REFUNDABLE']);
    const pending = await post(
      t.h,
      refundsOf(await t.payment('pending')),
      { amount: '1', reason },
      finance,
    );
    expect([pending.statusCode, pending.json().code]).toEqual([409, 'PAYMENT_NOT_COMPLETED']);
    const unknown = generateTransactionId(randomBytes);
    const missing = await post(t.h, refundsOf(unknown), { amount: '1', reason }, finance);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(t.written()).toEqual({ refunds: 1, audited: 1 });
  });

  it('refuses approving one’s own request; another operator’s approval sends it once', async () => {
    const txn = await t.payment();
    const asker = await operatorSignedIn(t.h, 'finance');
    const approver = await operatorSignedIn(t.h, 'finance');
    const asked = await post(t.h, refundsOf(txn), { amount: '25.50', reason }, asker);
    const refund = asked.json().data as RefundDto;
    expect(refund).toMatchObject({ amount: '25.50', status: 'requested', method: 'api' });
    const own = await post(t.h, step(refund.id, 'approve'), { reason }, asker);
    expect([own.statusCode, own.json().code]).toEqual([403, 'REFUND_OWN_REQUEST']);
    const done = await post(t.h, step(refund.id, 'approve'), { reason }, approver);
    expect(done.json().data).toMatchObject({
      status: 'refunded',
      decided_by: { id: approver.id },
      reference: 'RF000001',
    });
    const again = await post(t.h, step(refund.id, 'approve'), { reason }, approver);
    expect([again.statusCode, again.json().code]).toEqual([409, 'REFUND_NOT_PENDING']);
    expect(t.gateway.refunds.refundedOf(txn)).toBe(2_550);
    const actions = t.h.server.container.tables.auditLog.all().map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('refund.'))).toEqual([
      'refund.request',
      'refund.approve',
      'refund.send',
    ]);
  });

  it('keeps a refund approved while the gateway is down, and sends it once on a retry', async () => {
    const txn = await t.payment();
    const asker = await operatorSignedIn(t.h, 'finance');
    const admin = await operatorSignedIn(t.h, 'admin');
    const refund = (await post(t.h, refundsOf(txn), { amount: '10', reason }, asker)).json()
      .data as RefundDto;
    t.gateway.refunds.timeOutNext();
    const approved = await post(t.h, step(refund.id, 'approve'), { reason }, admin);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      failure_reason: 'gateway timed out',
    });
    t.gateway.refunds.goDown();
    expect((await post(t.h, step(refund.id, 'retry'), {}, admin)).json().data).toMatchObject({
      status: 'approved',
    });
    t.gateway.refunds.comeBack();
    expect((await post(t.h, step(refund.id, 'retry'), {}, admin)).json().data).toMatchObject({
      status: 'refunded',
    });
    const late = await post(t.h, step(refund.id, 'retry'), {}, admin);
    expect([late.statusCode, late.json().code]).toEqual([409, 'REFUND_NOT_PENDING']);
    expect(t.gateway.refunds.calls.map((call) => call.request.refundId)).toEqual(
      Array(3).fill(refund.id),
    );
    expect(t.gateway.refunds.made).toBe(1);
    expect(t.h.server.container.tables.refunds.get(refund.id)?.attempts).toBe(3);
  });

  it('retries a refund the gateway failed, and rejects with a reason', async () => {
    const txn = await t.payment();
    const asker = await operatorSignedIn(t.h, 'finance');
    const admin = await operatorSignedIn(t.h, 'admin');
    const ask = async (amount: string) =>
      (await post(t.h, refundsOf(txn), { amount, reason }, asker)).json().data as RefundDto;
    const first = await ask('30');
    t.gateway.refunds.failNext('account closed');
    const failed = await post(t.h, step(first.id, 'approve'), { reason }, admin);
    expect(failed.json().data).toMatchObject({
      status: 'refund_failed',
      failure_reason: 'account closed',
    });
    const second = await ask('20');
    const rejected = await post(t.h, step(second.id, 'reject'), { reason: 'not asked' }, admin);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decision_reason: 'not asked',
    });
    const retried = await post(t.h, step(first.id, 'retry'), {}, admin);
    expect(retried.json().data).toMatchObject({ status: 'refund_failed' });
  });

  it('asks for the second factor again after five minutes, and takes a TOTP code once', async () => {
    const txn = await t.payment();
    const finance = await operatorSignedIn(t.h, 'finance');
    const session = (await get(t.h, OpsPaths.session, finance)).json().data as OpsSessionResponse;
    expect(Date.parse(session.step_up_until)).toBe(t.clock.now() + STEP_UP_WINDOW_MS);
    await t.clock.advance(STEP_UP_WINDOW_MS);
    const stale = await post(t.h, refundsOf(txn), { amount: '5', reason }, finance);
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'OPS_STEP_UP_REQUIRED']);
    expect(t.written()).toEqual({ refunds: 0, audited: 0 });

    const wrong = await post(t.h, OpsPaymentPaths.stepUp, { totp_code: '000000' }, finance);
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'totp_code']);
    const code = totpCode(finance.secret, t.clock.now());
    const stepped = await post(t.h, OpsPaymentPaths.stepUp, { totp_code: code }, finance);
    expect(stepped.json().data).toEqual({
      step_up_until: new Date(t.clock.now() + STEP_UP_WINDOW_MS).toISOString(),
    });
    const reused = await post(t.h, OpsPaymentPaths.stepUp, { totp_code: code }, finance);
    expect(reused.statusCode).toBe(400);
    expect((await post(t.h, refundsOf(txn), { amount: '5', reason }, finance)).statusCode).toBe(
      200,
    );
    const audited = t.h.server.container.tables.auditLog.all().map((entry) => entry.action);
    expect(audited.filter((action) => action.startsWith('operator.step_up'))).toEqual([
      'operator.step_up_failed',
      'operator.step_up',
      'operator.step_up_failed',
    ]);
    const noPasskey = await post(t.h, OpsPaymentPaths.stepUpPasskeyOptions, {}, finance);
    expect([noPasskey.statusCode, noPasskey.json().code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    const noCsrf = await post(t.h, OpsPaymentPaths.stepUp, { totp_code: code }, undefined, {
      cookie: finance.cookie,
    });
    expect([noCsrf.statusCode, noCsrf.json().code]).toEqual([403, 'OPS_CSRF_REJECTED']);
  });
});

describe('console refunds through a gateway that refunds by bank transfer', () => {
  it('approves without sending, then closes with the transfer, not dated in the future', async () => {
    const t = await harness('manual');
    try {
      const txn = await t.payment();
      const asker = await operatorSignedIn(t.h, 'finance');
      const admin = await operatorSignedIn(t.h, 'admin');
      const refund = (await post(t.h, refundsOf(txn), { amount: '100', reason }, asker)).json()
        .data as RefundDto;
      expect(refund.method).toBe('manual');
      const approved = await post(t.h, step(refund.id, 'approve'), { reason }, admin);
      expect(approved.json().data).toMatchObject({ status: 'approved' });
      expect(t.gateway.refunds.calls).toEqual([]);
      const retry = await post(t.h, step(refund.id, 'retry'), {}, admin);
      expect(retry.json().code).toBe('REFUND_NOT_PENDING');
      const future = await post(
        t.h,
        step(refund.id, 'close'),
        { reference: 'IBG-1', transfer_date: '2026-01-02' },
        admin,
      );
      expect([future.statusCode, future.json().field]).toEqual([400, 'transfer_date']);
      const closed = await post(
        t.h,
        step(refund.id, 'close'),
        { reference: 'IBG-1', transfer_date: '2026-01-01' },
        admin,
      );
      expect(closed.json().data).toMatchObject({
        status: 'refunded',
        reference: 'IBG-1',
        transfer_date: '2026-01-01',
      });
    } finally {
      await t.h.close();
    }
  });
});
