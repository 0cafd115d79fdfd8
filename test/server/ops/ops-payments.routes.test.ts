import { randomBytes } from 'node:crypto';
import { InMemoryPaymentGateway } from '../../../server/adapters/in-memory/in-memory-payment-gateway.adapter';
import { generateTransactionId } from '../../../server/domain/transaction';
import { buildOpsApp } from '../../../server/ops-http/app';
import {
  OpsPaymentPaths,
  type PaymentDetailResponse,
  type PaymentSearchResponse,
  type RefundListResponse,
} from '../../../src/contract/ops-payments-api';
import { OPS_ROLES, type OpsRole } from '../../../src/contract/ops-roles';
import { inMemoryServer, seedMember } from '../support/in-memory-server';
import { get, type OpsHarness, operatorSignedIn, post, type SignedInOperator } from './ops-support';

async function harness() {
  const gateway = new InMemoryPaymentGateway();
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
  /** A pending payment of RM 100.00 through the gateway. */
  const payment = async () => {
    const transactionId = generateTransactionId(randomBytes);
    await server.container.transactions.createPending({
      transactionId,
      memberId: member.id,
      amountSen: 10_000,
      paymentMethod: 'qr',
      gateway: gateway.name,
      createdAt: new Date(server.clock.now()),
    });
    return transactionId;
  };
  return { h, gateway, payment, member, server };
}

const paymentPath = (id: string) => `${OpsPaymentPaths.payment}/${id}`;
const requeryPath = (id: string) => `${paymentPath(id)}/${OpsPaymentPaths.requerySuffix}`;

describe('console payments over HTTP', () => {
  let t: Awaited<ReturnType<typeof harness>>;
  let as: Record<OpsRole, SignedInOperator>;
  beforeEach(async () => {
    t = await harness();
    as = {} as Record<OpsRole, SignedInOperator>;
    for (const role of OPS_ROLES) as[role] = await operatorSignedIn(t.h, role);
  });
  afterEach(() => t.h.close());

  it('lets every role read and support, finance and admin ask; viewer gets 404, nobody 401', async () => {
    const txn = await t.payment();
    t.gateway.answerStatus(txn, { transactionId: txn, status: 'pending', amountSen: 10_000 });
    const statuses: Record<string, number[]> = {};
    for (const role of OPS_ROLES) {
      statuses[role] = [
        (await get(t.h, OpsPaymentPaths.payments, as[role])).statusCode,
        (await get(t.h, paymentPath(txn), as[role])).statusCode,
        (await get(t.h, OpsPaymentPaths.refunds, as[role])).statusCode,
        (await post(t.h, requeryPath(txn), undefined, as[role])).statusCode,
      ];
    }
    expect(statuses).toEqual({
      viewer: [200, 200, 200, 404],
      support: [200, 200, 200, 200],
      finance: [200, 200, 200, 200],
      admin: [200, 200, 200, 200],
    });
    for (const path of [OpsPaymentPaths.payments, paymentPath(txn), OpsPaymentPaths.refunds]) {
      const anonymous = await get(t.h, path);
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'AUTH_REQUIRED']);
    }
  });

  it('finds a payment, reads its page, private to the browser', async () => {
    const txn = await t.payment();
    const found = await get(t.h, `${OpsPaymentPaths.payments}?ref=${txn.toLowerCase()}`, as.viewer);
    expect(found.headers['cache-control']).toBe('no-store');
    const page = found.json().data as PaymentSearchResponse;
    expect(page.items.map((item) => item.transaction_id)).toEqual([txn]);
    expect(page.items[0].member.phone_no).toMatch(/^\d{2}\*+\d{4}$/);
    const detail = await get(t.h, paymentPath(txn), as.viewer);
    expect(detail.headers['cache-control']).toBe('no-store');
    const body = detail.json().data as PaymentDetailResponse;
    expect(body.payment.amount).toBe('100.00');
    expect(body.timeline.map((event) => event.kind)).toEqual(['created', 'handed_to_gateway']);
    const queue = (await get(t.h, OpsPaymentPaths.refunds, as.viewer)).json()
      .data as RefundListResponse;
    expect(queue).toEqual({ items: [], next_cursor: null });
  });

  it('answers a coded 400 naming the wrong field, 404 for an unknown payment', async () => {
    const cases: [string, string][] = [
      ['status=paid', 'status'],
      ['from=2026-13-01', 'from'],
      ['from=1%20May', 'from'],
      ['min_amount=1.234', 'min_amount'],
      ['min_amount=9&max_amount=1', 'max_amount'],
      ['sort=amount', 'sort'],
      ['cursor=not!a!cursor', 'cursor'],
      ['cursor=bm90IGEgY3Vyc29y', 'cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await get(t.h, `${OpsPaymentPaths.payments}?${query}`, as.viewer);
      expect([query, res.statusCode, res.json().code, res.json().field]).toEqual([
        query,
        400,
        'VALIDATION_FAILED',
        field,
      ]);
    }
    const badStatus = await get(t.h, `${OpsPaymentPaths.refunds}?status=lost`, as.viewer);
    expect([badStatus.statusCode, badStatus.json().field]).toEqual([400, 'status']);
    const unknown = await get(t.h, paymentPath(generateTransactionId(randomBytes)), as.viewer);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    const malformed = await get(t.h, paymentPath('TXN-not-one'), as.viewer);
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknownAsk = await post(
      t.h,
      requeryPath(generateTransactionId(randomBytes)),
      undefined,
      as.support,
    );
    expect([unknownAsk.statusCode, unknownAsk.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('asks the gateway with the CSRF token, applies the answer and audits it', async () => {
    const txn = await t.payment();
    t.gateway.answerStatus(txn, { transactionId: txn, status: 'completed', amountSen: 10_000 });
    const noCsrf = await post(t.h, requeryPath(txn), undefined, { ...as.support, csrf: 'wrong' });
    expect([noCsrf.statusCode, noCsrf.json().code]).toEqual([403, 'OPS_CSRF_REJECTED']);
    const asked = await post(t.h, requeryPath(txn), undefined, as.support);
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(asked.json().data).toEqual({ result: 'applied', status: 'completed', detail: null });
    const audited = t.server.container.tables.auditLog
      .all()
      .filter((entry) => entry.action === 'payment.requery');
    expect(audited.map((entry) => [entry.actorId, entry.targetId])).toEqual([[as.support.id, txn]]);
    const again = await post(t.h, requeryPath(txn), undefined, as.support);
    expect(again.json().data).toMatchObject({ result: 'duplicate', status: 'completed' });
  });
});
