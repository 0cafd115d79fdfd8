import { randomBytes, randomUUID } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { type RefundStepBy } from '../../../server/use-cases/ops/refund-steps';
import { eachDatabase } from '../../../scripts/support/databases';
import { anOperator } from '../contracts/ops-stores.contract';
import { aMemberRow } from '../support/in-memory-stores';
import { startAnotherInstance } from '../support/instances';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * Refunds over two instances of one PostgreSQL database (two pools): requests and approvals at
 * the same instant, one on each, never refund more than the payment's amount.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`refunds across two instances on ${database}`, () => {
    let a: TestApp;
    let b: TestApp;
    let memberId: string;
    const asker = anOperator({ role: 'finance' });
    const approver = anOperator({ role: 'admin' });
    beforeAll(async () => {
      a = await startTestApp({ database });
      b = await startAnotherInstance(a);
      const member = aMemberRow();
      memberId = member.id;
      await a.container.members.insert(member);
      await a.container.operators.insert(asker);
      await a.container.operators.insert(approver);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const by = (operator: typeof asker, t: TestApp): RefundStepBy => ({
      actor: {
        kind: 'operator',
        id: operator.id,
        name: operator.name,
        role: operator.role,
        address: '192.0.2.9',
      },
      secondFactorAt: new Date(t.clock.now()),
    });

    /** A completed payment of RM 100.00. */
    async function payment(): Promise<string> {
      const transactionId = generateTransactionId(randomBytes);
      await a.container.transactions.createPending({
        transactionId,
        memberId,
        amountSen: 10_000,
        paymentMethod: 'qr',
        gateway: 'sandbox',
        createdAt: new Date(a.clock.now()),
      });
      await a.container.transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise('completed', new Date(a.clock.now())),
      );
      return transactionId;
    }

    const heldOf = async (transactionId: string) =>
      (await a.container.refunds.listForPayment(transactionId))
        .filter((refund) => ['requested', 'approved', 'refunded'].includes(refund.status))
        .reduce((sum, refund) => sum + refund.amountSen, 0);

    it('grants one of two requests of RM 60 made at once on two instances, each time', async () => {
      for (let round = 0; round < 8; round += 1) {
        const transactionId = await payment();
        const ask = (t: TestApp) =>
          t.container.refundActions.request(by(asker, t), transactionId, {
            amount: '60.00',
            reason: 'asked twice at once',
          });
        const answers = await Promise.all([ask(a), ask(b)]);
        expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
        const refused = answers.find((answer) => !answer.ok);
        expect(refused).toMatchObject({ ok: false, error: { code: 'REFUND_OVER_REFUNDABLE' } });
        expect(await heldOf(transactionId)).toBe(6_000);
        const audited = await a.container.audit.list({
          action: 'refund.request',
          targetId: transactionId,
          limit: 10,
        });
        expect(audited).toHaveLength(1);
      }
    });

    it('approves again only one of two failed refunds whose sum passes the amount', async () => {
      for (let round = 0; round < 8; round += 1) {
        const transactionId = await payment();
        const at = new Date(a.clock.now());
        const failed = async () => {
          const id = randomUUID();
          await a.container.unitOfWork.run(async ({ refunds }) => {
            await refunds.request({
              id,
              transactionId,
              amountSen: 6_000,
              method: 'api',
              reason: 'failed at the gateway',
              requestedBy: asker.id,
              requestedAt: at,
            });
            await refunds.decide(id, { approve: true, decidedBy: approver.id, reason: 'ok', at });
            await refunds.recordSend(id, { kind: 'failed', reason: 'refused' }, at);
          });
          return id;
        };
        const first = await failed();
        const second = await failed();
        const reopen = (t: TestApp, id: string) =>
          t.container.unitOfWork
            .run(({ refunds }) => refunds.reopen(id, at))
            .then(
              () => 'approved',
              (error: { code?: string }) => error.code ?? String(error),
            );
        const outcomes = await Promise.all([reopen(a, first), reopen(b, second)]);
        expect(outcomes.sort()).toEqual(['REFUND_OVER_REFUNDABLE', 'approved']);
        expect(await heldOf(transactionId)).toBe(6_000);
      }
    });
  });
}
