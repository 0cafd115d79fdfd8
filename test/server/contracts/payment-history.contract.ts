import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { type NewTransaction } from '../../../server/ports/transaction-store.port';
import { type Refund } from '../../../server/domain/ops/refund';
import { aMemberRow } from '../support/in-memory-stores';
import { aRefundRow } from '../support/refund-rows';
import { at } from './contract-time';
import { anOperator } from './ops-stores.contract';
import { type StoreSet } from './store-backends';

/**
 * Receipt numbers (given by TransactionStore's finalise) and the history read
 * (PaymentHistoryStore), whatever stores the payments.
 */
export function paymentHistoryContract(stores: () => StoreSet): void {
  async function withMember() {
    const set = stores();
    const member = aMemberRow();
    await set.members.insert(member);
    const pay = async (overrides: Partial<NewTransaction> = {}): Promise<string> => {
      const payment: NewTransaction = {
        transactionId: generateTransactionId(randomBytes),
        memberId: member.id,
        amountSen: 12_345,
        paymentMethod: 'qr',
        gateway: 'sandbox',
        createdAt: at(0),
        ...overrides,
      };
      await set.transactions.createPending(payment);
      return payment.transactionId;
    };
    const finalise = (id: string, status: 'completed' | 'failed', when: Date = at(5)) =>
      set.transactions.withLockedTransaction(id, (_current, unit) => unit.finalise(status, when));
    const receiptOf = async (id: string) =>
      (await set.paymentHistory.findRecord(id))?.receiptNumber ?? null;
    const asker = anOperator({ role: 'finance' });
    const approver = anOperator({ role: 'admin' });
    await set.operators.insert(asker);
    await set.operators.insert(approver);
    /** A refund of a completed payment, asked for by one operator and decided by another. */
    const refund = (
      transactionId: string,
      overrides: Partial<Refund> & Pick<Refund, 'amountSen' | 'status'>,
    ) =>
      set.insertRefund(
        aRefundRow({
          transactionId,
          requestedBy: asker.id,
          decidedBy: overrides.status === 'requested' ? null : approver.id,
          ...overrides,
        }),
      );
    return { ...set, member, pay, finalise, receiptOf, refund };
  }

  it('numbers completed payments R-<year>-<6 digits> in completion order, failed ones not', async () => {
    const { pay, finalise, receiptOf } = await withMember();
    const [a, b, c] = [await pay(), await pay(), await pay()];
    await finalise(b, 'completed');
    await finalise(c, 'failed');
    await finalise(a, 'completed');
    expect(await receiptOf(b)).toBe('R-2026-000001');
    expect(await receiptOf(a)).toBe('R-2026-000002');
    expect(await receiptOf(c)).toBeNull();
    // A second completion of a completed payment changes nothing and draws no number.
    expect(await finalise(a, 'completed')).toBe(false);
    expect(await receiptOf(a)).toBe('R-2026-000002');
    expect(await receiptOf(await pay())).toBeNull();
  });

  it("counts in Malaysia's year (UTC+8), each year from 1", async () => {
    const { pay, finalise, receiptOf } = await withMember();
    const [a, b, c] = [await pay(), await pay(), await pay()];
    await finalise(a, 'completed', new Date(Date.UTC(2026, 11, 31, 15, 59, 59)));
    await finalise(b, 'completed', new Date(Date.UTC(2026, 11, 31, 16, 0, 0)));
    await finalise(c, 'completed', new Date(Date.UTC(2027, 0, 1, 0, 0, 0)));
    expect([await receiptOf(a), await receiptOf(b), await receiptOf(c)]).toEqual([
      'R-2026-000001',
      'R-2027-000001',
      'R-2027-000002',
    ]);
  });

  it('gives a rolled-back completion its number back: no gap', async () => {
    const { pay, finalise, receiptOf, transactions } = await withMember();
    const [a, b] = [await pay(), await pay()];
    await expect(
      transactions.withLockedTransaction(a, async (_current, unit) => {
        await unit.finalise('completed', at(5));
        throw new Error('crash after completing');
      }),
    ).rejects.toThrow('crash after completing');
    expect(await receiptOf(a)).toBeNull();
    await finalise(b, 'completed');
    expect(await receiptOf(b)).toBe('R-2026-000001');
  });

  it('gives racing completions of many payments distinct numbers without gaps', async () => {
    const { pay, finalise, receiptOf } = await withMember();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await pay());
    await Promise.all(ids.map((id) => finalise(id, 'completed')));
    // Every payment twice more at once: duplicates draw nothing.
    await Promise.all([...ids, ...ids].map((id) => finalise(id, 'completed')));
    const numbers = await Promise.all(ids.map(receiptOf));
    expect([...numbers].sort()).toEqual(
      ids.map((_id, i) => `R-2026-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('reads one payment with its receipt number, paid-at and gateway reference', async () => {
    const { pay, finalise, paymentHistory, transactions, member } = await withMember();
    const id = await pay({ amountSen: 50_000 });
    await transactions.attachGatewayRef(id, 'BILL-9');
    expect(await paymentHistory.findRecord(id)).toMatchObject({
      status: 'pending',
      receiptNumber: null,
      paidAt: null,
      gatewayRef: 'BILL-9',
    });
    await finalise(id, 'completed', at(7));
    expect(await paymentHistory.findRecord(id)).toEqual({
      transactionId: id,
      memberId: member.id,
      amountSen: 50_000,
      paymentMethod: 'qr',
      status: 'completed',
      gateway: 'sandbox',
      createdAt: at(0),
      updatedAt: at(7),
      receiptNumber: 'R-2026-000001',
      paidAt: at(7),
      gatewayRef: 'BILL-9',
      refundedSen: 0,
    });
    expect(await paymentHistory.findRecord(generateTransactionId(randomBytes))).toBeNull();
  });

  it("pages through a member's payments newest first by keyset, ties broken by id", async () => {
    const { pay, paymentHistory, member, members } = await withMember();
    const ids: string[] = [];
    // Two payments per minute, so pages must break ties on the id.
    for (let i = 0; i < 7; i += 1) ids.push(await pay({ createdAt: at(Math.floor(i / 2)) }));
    const other = aMemberRow();
    await members.insert(other);
    await pay({ memberId: other.id, createdAt: at(1) });

    const expected = ids
      .map((id, i) => ({ id, t: Math.floor(i / 2) }))
      .sort((x, y) => y.t - x.t || (x.id < y.id ? 1 : -1))
      .map((x) => x.id);
    const seen: string[] = [];
    let after = null;
    for (let page = 0; page < 5; page += 1) {
      const rows = await paymentHistory.listForMember({
        memberId: member.id,
        status: null,
        after,
        limit: 3,
      });
      seen.push(...rows.map((row) => row.transactionId));
      if (rows.length < 3) break;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, transactionId: last.transactionId };
    }
    expect(seen).toEqual(expected);
  });

  it('filters by status, and pages within the filter', async () => {
    const { pay, finalise, paymentHistory, member } = await withMember();
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await pay({ createdAt: at(i) }));
    await finalise(ids[0], 'completed');
    await finalise(ids[2], 'completed');
    await finalise(ids[4], 'completed');
    await finalise(ids[5], 'failed');
    const list = async (status: 'completed' | 'pending' | 'failed' | null, limit = 10) =>
      (await paymentHistory.listForMember({ memberId: member.id, status, after: null, limit })).map(
        (row) => row.transactionId,
      );
    expect(await list('completed')).toEqual([ids[4], ids[2], ids[0]]);
    expect(await list('pending')).toEqual([ids[3], ids[1]]);
    expect(await list('failed')).toEqual([ids[5]]);
    expect(await list(null, 2)).toEqual([ids[5], ids[4]]);
    const next = await paymentHistory.listForMember({
      memberId: member.id,
      status: 'completed',
      after: { createdAt: at(4), transactionId: ids[4] },
      limit: 1,
    });
    expect(next.map((row) => row.transactionId)).toEqual([ids[2]]);
    expect(next[0].receiptNumber).toMatch(/^R-2026-00000[1-3]$/);
  });

  it('sums only the refunds done: asked for, approved, rejected and failed ones give nothing back', async () => {
    const { pay, finalise, refund, paymentHistory, member } = await withMember();
    const [partly, whole, none] = [
      await pay({ amountSen: 10_000, createdAt: at(2) }),
      await pay({ amountSen: 5_000, createdAt: at(1) }),
      await pay({ amountSen: 7_000, createdAt: at(0) }),
    ];
    for (const id of [partly, whole, none]) await finalise(id, 'completed');
    await refund(partly, { amountSen: 1_250, status: 'refunded' });
    await refund(partly, { amountSen: 250, status: 'refunded', requestedAt: at(30) });
    await refund(partly, { amountSen: 1_000, status: 'requested' });
    await refund(partly, { amountSen: 1_000, status: 'approved' });
    await refund(partly, { amountSen: 5_000, status: 'rejected' });
    await refund(partly, { amountSen: 1_000, status: 'refund_failed' });
    await refund(whole, { amountSen: 5_000, status: 'refunded' });
    await refund(none, { amountSen: 7_000, status: 'requested' });

    const rows = await paymentHistory.listForMember({
      memberId: member.id,
      status: null,
      after: null,
      limit: 10,
    });
    expect(rows.map((row) => [row.transactionId, row.status, row.refundedSen])).toEqual([
      [partly, 'completed', 1_500],
      [whole, 'completed', 5_000],
      [none, 'completed', 0],
    ]);
    expect((await paymentHistory.findRecord(partly))?.refundedSen).toBe(1_500);
    expect((await paymentHistory.findRecord(whole))?.refundedSen).toBe(5_000);
    expect((await paymentHistory.findRecord(none))?.refundedSen).toBe(0);
    const pending = await pay();
    expect((await paymentHistory.findRecord(pending))?.refundedSen).toBe(0);
  });

  it('lists the refunds done of a payment in the order they were done', async () => {
    const { pay, finalise, refund, paymentHistory } = await withMember();
    const [id, other] = [await pay({ amountSen: 10_000 }), await pay({ amountSen: 10_000 })];
    await finalise(id, 'completed');
    await finalise(other, 'completed');
    await refund(id, { amountSen: 300, status: 'refunded', refundedAt: at(90) });
    await refund(id, { amountSen: 200, status: 'refunded', refundedAt: at(60) });
    await refund(id, { amountSen: 900, status: 'approved' });
    await refund(id, { amountSen: 400, status: 'refund_failed' });
    await refund(other, { amountSen: 100, status: 'refunded', refundedAt: at(70) });
    expect(await paymentHistory.refundsOf(id)).toEqual([
      { amountSen: 200, refundedAt: at(60) },
      { amountSen: 300, refundedAt: at(90) },
    ]);
    expect(await paymentHistory.refundsOf(await pay())).toEqual([]);
  });
}
