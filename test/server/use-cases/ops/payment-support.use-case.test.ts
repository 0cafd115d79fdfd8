import { randomBytes } from 'node:crypto';
import { InMemoryPaymentGateway } from '../../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { inMemoryStoresOver } from '../../../../server/adapters/in-memory/in-memory-stores';
import { InMemoryTables } from '../../../../server/adapters/in-memory/in-memory-tables';
import { gatewayRegistry } from '../../../../server/adapters/gateways/gateway-registry';
import { generateTransactionId } from '../../../../server/domain/transaction';
import { ApplyPaymentCallbackUseCase } from '../../../../server/use-cases/apply-payment-callback.use-case';
import { type Actor } from '../../../../server/use-cases/ops/actor';
import { PaymentRequeryUseCase } from '../../../../server/use-cases/ops/payment-requery.use-case';
import { PaymentSupportUseCase } from '../../../../server/use-cases/ops/payment-support.use-case';
import { FakeClock } from '../../../fakes/fake-clock';
import { aMemberRow } from '../../support/in-memory-stores';
import { anOperator } from '../../contracts/ops-stores.contract';

function world(refunds: 'api' | 'manual' = 'api') {
  const tables = new InMemoryTables();
  const stores = inMemoryStoresOver(tables);
  const clock = new FakeClock();
  const gateway = new InMemoryPaymentGateway({ refunds });
  const gateways = gatewayRegistry(gateway, []);
  const apply = new ApplyPaymentCallbackUseCase(stores.transactions, gateways, clock);
  const support = new PaymentSupportUseCase(stores.paymentDirectory, gateways);
  const requery = new PaymentRequeryUseCase(stores.transactions, gateways, apply, clock);
  const member = aMemberRow({ name: 'Aisyah binti Rahman', phoneNo: '60123455678' });
  const pay = async (amountSen = 10_000) => {
    const transactionId = generateTransactionId(randomBytes);
    await stores.transactions.createPending({
      transactionId,
      memberId: member.id,
      amountSen,
      paymentMethod: 'qr',
      gateway: gateway.name,
      createdAt: new Date(clock.now()),
    });
    await clock.advance(1000);
    return transactionId;
  };
  return { tables, stores, clock, gateway, support, requery, member, pay };
}

type World = ReturnType<typeof world>;

const asOperator = (id: string, name: string): Extract<Actor, { kind: 'operator' }> => ({
  kind: 'operator',
  id,
  name,
  role: 'support',
  address: '203.0.113.9',
});

async function withOperator(w: World, name = 'Farid Support') {
  const ops = anOperator({ name });
  await w.stores.operators.insert(ops);
  return asOperator(ops.id, name);
}

describe('payment support', () => {
  let w: World;
  beforeEach(async () => {
    w = world();
    await w.stores.members.insert(w.member);
  });

  it('searches newest first by pages of 20, the member masked', async () => {
    const made: string[] = [];
    for (let n = 0; n < 21; n += 1) made.push(await w.pay(5000 + n));
    const first = await w.support.search({});
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    expect(first.value.payments).toHaveLength(20);
    expect(first.value.payments[0]).toMatchObject({
      transactionId: made[20],
      amountSen: 5020,
      refundedSen: 0,
      status: 'pending',
      paidAt: null,
      member: { id: w.member.id, name: 'A***** b**** R*****', phoneNo: '60*****5678' },
    });
    const cursor = first.value.nextCursor;
    expect(cursor).not.toBeNull();
    const second = await w.support.search({ cursor: cursor ?? '' });
    expect(second.ok && second.value.payments.map((item) => item.transactionId)).toEqual([made[0]]);
    expect(second.ok && second.value.nextCursor).toBeNull();
    const byMember = await w.support.search({ member: '+60 12-345 5678', min_amount: '50.19' });
    expect(byMember.ok && byMember.value.payments.map((item) => item.transactionId)).toEqual([
      made[20],
      made[19],
    ]);
  });

  it('names the wrong search field, and a forged cursor', async () => {
    for (const [query, field, reason] of [
      [{ from: '2026-02-30' }, 'from', 'payment-filter-from'],
      [{ min_amount: '1.234' }, 'min_amount', 'payment-filter-min-amount'],
      [{ min_amount: '9.00', max_amount: '1.00' }, 'max_amount', 'payment-filter-max-amount'],
      [{ cursor: 'bm90IGEgY3Vyc29y' }, 'cursor', 'cursor-invalid'],
      [
        { cursor: Buffer.from('["yesterday","TXN1"]').toString('base64url') },
        'cursor',
        'cursor-invalid',
      ],
    ] as const) {
      const answer = await w.support.search(query);
      expect(answer.ok ? null : answer.error).toEqual({ code: 'VALIDATION_FAILED', field, reason });
    }
  });

  it('reads one payment: the timeline, what may still be refunded and how', async () => {
    const ops = await withOperator(w);
    const txn = await w.pay(10_000);
    w.gateway.answerStatus(txn, { transactionId: txn, status: 'completed', amountSen: 10_000 });
    await w.clock.advance(60_000);
    await w.requery.requery(ops, txn);
    const finance = anOperator({ name: 'Finance One', role: 'finance' });
    await w.stores.operators.insert(finance);
    await w.clock.advance(60_000);
    await w.stores.refunds.request({
      id: '00000000-0000-4000-9000-000000000001',
      transactionId: txn,
      amountSen: 2_500,
      method: 'api',
      reason: 'Charged twice',
      requestedBy: finance.id,
      requestedAt: new Date(w.clock.now()),
    });
    const detail = await w.support.detail(txn);
    if (!detail.ok) throw new Error(JSON.stringify(detail.error));
    expect(detail.value.payment).toMatchObject({ status: 'completed', amountSen: 10_000 });
    expect(detail.value.refundableSen).toBe(7_500);
    expect(detail.value.refundMethod).toBe('api');
    expect(detail.value.refunds).toEqual([
      expect.objectContaining({ amountSen: 2_500, status: 'requested', decidedBy: null }),
    ]);
    expect(detail.value.timeline.map((e) => [e.kind, e.result, e.operator?.name ?? null])).toEqual([
      ['created', null, null],
      ['handed_to_gateway', null, null],
      ['requery', 'applied', 'Farid Support'],
      ['refund', 'requested', 'Finance One'],
    ]);
    expect(detail.value.timeline[2].payload).toContain(txn);
    expect(await w.support.detail(generateTransactionId(randomBytes))).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('answers manual for a gateway without a refund call, and nothing refundable unpaid', async () => {
    const manual = world('manual');
    await manual.stores.members.insert(manual.member);
    const txn = await manual.pay();
    const detail = await manual.support.detail(txn);
    expect(detail.ok && [detail.value.refundMethod, detail.value.refundableSen]).toEqual([
      'manual',
      0,
    ]);
  });
});

describe('asking the gateway now', () => {
  let w: World;
  beforeEach(async () => {
    w = world();
    await w.stores.members.insert(w.member);
  });

  const audited = () => w.tables.auditLog.all().filter((e) => e.action === 'payment.requery');

  it("applies a final answer once, records it as the operator's and audits every ask", async () => {
    const ops = await withOperator(w);
    const txn = await w.pay(10_000);
    w.gateway.answerStatus(txn, { transactionId: txn, status: 'completed', amountSen: 10_000 });
    expect(await w.requery.requery(ops, txn)).toEqual({
      ok: true,
      value: { result: 'applied', status: 'completed', detail: null },
    });
    // Already final: asked again all the same, and the answer kept as a duplicate.
    expect(await w.requery.requery(ops, txn)).toEqual({
      ok: true,
      value: { result: 'duplicate', status: 'completed', detail: null },
    });
    const messages = await w.stores.paymentDirectory.messagesOf(txn);
    expect(messages.map((m) => [m.source, m.result, m.operator?.id])).toEqual([
      ['requery', 'applied', ops.id],
      ['requery', 'duplicate', ops.id],
    ]);
    expect(w.gateway.queries).toHaveLength(2);
    expect(audited().map((e) => [e.actorId, e.targetId, e.changes])).toEqual([
      [
        ops.id,
        txn,
        {
          status: { before: 'pending', after: 'completed' },
          result: { before: null, after: 'applied' },
        },
      ],
      [
        ops.id,
        txn,
        {
          status: { before: 'completed', after: 'completed' },
          result: { before: null, after: 'duplicate' },
        },
      ],
    ]);
  });

  it('refuses an answer that fails a callback check, and records why', async () => {
    const ops = await withOperator(w);
    const txn = await w.pay(10_000);
    w.gateway.answerStatus(txn, { transactionId: txn, status: 'completed', amountSen: 9_000 });
    const answer = await w.requery.requery(ops, txn);
    expect(answer).toMatchObject({ ok: true, value: { result: 'rejected', status: 'pending' } });
    expect((await w.stores.transactions.findById(txn))?.status).toBe('pending');
    const [message] = await w.stores.paymentDirectory.messagesOf(txn);
    expect(message).toMatchObject({ source: 'requery', result: 'rejected' });
    expect(message.reason).toMatch(/^amount_mismatch: /);
    expect(audited()).toHaveLength(1);
  });

  it('records and audits an ask the gateway could not answer or did not know', async () => {
    const ops = await withOperator(w);
    const txn = await w.pay();
    expect(await w.requery.requery(ops, txn)).toMatchObject({
      ok: true,
      value: { result: 'ignored', status: 'pending', detail: expect.stringMatching(/^not_found/) },
    });
    w.gateway.failQueries();
    expect(await w.requery.requery(ops, txn)).toMatchObject({
      ok: true,
      value: { result: 'rejected', detail: expect.stringMatching(/^unavailable/) },
    });
    const messages = await w.stores.paymentDirectory.messagesOf(txn);
    expect(messages.map((m) => [m.result, m.payload, m.operator?.name])).toEqual([
      ['ignored', '', 'Farid Support'],
      ['rejected', '', 'Farid Support'],
    ]);
    expect(audited()).toHaveLength(2);
  });

  it('answers NOT_FOUND for no such payment and writes nothing', async () => {
    const ops = await withOperator(w);
    const answer = await w.requery.requery(ops, generateTransactionId(randomBytes));
    expect(answer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(audited()).toHaveLength(0);
    expect(w.tables.callbacks.all()).toHaveLength(0);
  });
});
