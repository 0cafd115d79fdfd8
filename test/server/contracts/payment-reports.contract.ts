import { randomBytes, randomUUID } from 'node:crypto';
import { type PaymentFilter } from '../../../server/domain/ops/payment-filter';
import { generateTransactionId } from '../../../server/domain/transaction';
import { type PaymentExportRow } from '../../../server/ports/payment-reports.port';
import { csvOfRows } from '../../../server/use-cases/ops/payment-export-csv';
import { type NewTransaction } from '../../../server/ports/transaction-store.port';
import { aMemberRow } from '../support/in-memory-stores';
import { anOperator } from './ops-stores.contract';
import { type StoreSet } from './store-backends';

/** An instant in Malaysia time (UTC+8): `myt(2026, 3, 1, 23, 59)` is 15:59 UTC on 1 March. */
const myt = (y: number, mo: number, d: number, h = 12, mi = 0, s = 0) =>
  new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));

/** The summary by Malaysia day and the payments export, whatever stores the payments. */
export function paymentReportsContract(stores: () => StoreSet): void {
  async function seeded() {
    const set = stores();
    const aisyah = aMemberRow({ phoneNo: '60123456701', icOrPassport: '900101015001' });
    const badrul = aMemberRow({ phoneNo: '60123456702', icOrPassport: 'A1234567' });
    await set.members.insert(aisyah);
    await set.members.insert(badrul);
    const pay = async (
      amountSen: number,
      createdAt: Date,
      outcome: { status?: 'completed' | 'failed'; at?: Date } = {},
      overrides: Partial<NewTransaction> = {},
    ): Promise<string> => {
      const payment: NewTransaction = {
        transactionId: generateTransactionId(randomBytes),
        memberId: aisyah.id,
        amountSen,
        paymentMethod: 'qr',
        gateway: 'sandbox',
        createdAt,
        ...overrides,
      };
      await set.transactions.createPending(payment);
      const { status, at } = outcome;
      if (status !== undefined) {
        await set.transactions.withLockedTransaction(payment.transactionId, (_tx, unit) =>
          unit.finalise(status, at ?? createdAt),
        );
      }
      return payment.transactionId;
    };
    const asker = anOperator({ role: 'finance' });
    const approver = anOperator({ role: 'admin' });
    await set.operators.insert(asker);
    await set.operators.insert(approver);
    /** A refund of `amountSen` that reached `refunded` at `at` (or stayed `requested`). */
    const refund = async (transactionId: string, amountSen: number, at: Date | null) => {
      const id = randomUUID();
      const requestedAt = new Date((at ?? myt(2026, 3, 5)).getTime() - 60_000);
      await set.refunds.request({
        id,
        transactionId,
        amountSen,
        method: 'api',
        reason: 'member asked by phone',
        requestedBy: asker.id,
        requestedAt,
      });
      if (at === null) return;
      await set.refunds.decide(id, {
        approve: true,
        decidedBy: approver.id,
        reason: 'checked',
        at: requestedAt,
      });
      await set.refunds.recordSend(id, { kind: 'refunded', reference: `RF-${id}` }, at);
    };
    return { ...set, aisyah, badrul, pay, refund };
  }

  const march = (first: number, last: number) => ({
    from: myt(2026, 3, first, 0),
    until: myt(2026, 3, last + 1, 0),
  });

  it('counts by Malaysia day: completed when paid, failed and pending when made, refunds when done', async () => {
    const { pay, refund, paymentReports } = await seeded();
    // Made late on 1 March (Malaysia), paid just after midnight: completed on 2 March.
    const late = await pay(5_000, myt(2026, 3, 1, 23, 59), {
      status: 'completed',
      at: myt(2026, 3, 2, 0, 0, 1),
    });
    await pay(7_000, myt(2026, 3, 1, 23, 59, 59), { status: 'completed' });
    // Failed or still pending: counted on the day they were made, even when they failed later.
    await pay(6_000, myt(2026, 3, 1, 0, 0), { status: 'failed', at: myt(2026, 3, 2, 9) });
    await pay(8_000, myt(2026, 3, 2, 8), { status: 'failed' });
    await pay(9_000, myt(2026, 3, 2, 23, 59, 59));
    // Outside the range on both sides.
    await pay(10_000, myt(2026, 2, 28, 23, 59, 59), { status: 'completed' });
    await pay(11_000, myt(2026, 3, 4, 0, 0), { status: 'completed' });
    await refund(late, 1_000, myt(2026, 3, 3, 10));
    await refund(late, 500, myt(2026, 3, 3, 23, 59));
    // Requested only, or refunded after the range: not counted.
    await refund(late, 700, null);
    await refund(late, 800, myt(2026, 3, 4, 0, 0));

    const days = await paymentReports.summary(march(1, 3));
    const zero = { count: 0, amountSen: 0 };
    expect(days).toEqual([
      {
        day: '2026-03-01',
        completed: { count: 1, amountSen: 7_000 },
        failed: { count: 1, amountSen: 6_000 },
        pending: zero,
        refunded: zero,
      },
      {
        day: '2026-03-02',
        completed: { count: 1, amountSen: 5_000 },
        failed: { count: 1, amountSen: 8_000 },
        pending: { count: 1, amountSen: 9_000 },
        refunded: zero,
      },
      {
        day: '2026-03-03',
        completed: zero,
        failed: zero,
        pending: zero,
        refunded: { count: 2, amountSen: 1_500 },
      },
    ]);
    expect(await paymentReports.summary(march(10, 20))).toEqual([]);
  });

  /** Every row of an export, with the batch sizes it came in. */
  async function exported(set: StoreSet, filter: PaymentFilter, batchSize = 1000) {
    const rows: PaymentExportRow[] = [];
    const sizes: number[] = [];
    for await (const batch of set.paymentReports.exportRows(filter, batchSize)) {
      sizes.push(batch.length);
      rows.push(...batch);
    }
    return { rows, sizes, ids: rows.map((row) => row.transactionId) };
  }

  it('exports every payment, newest first, in batches, with its refunds and when it was paid', async () => {
    const set = await seeded();
    const { pay, refund, aisyah } = set;
    const created = [];
    for (let i = 0; i < 7; i += 1) created.push(await pay(5_000 + i, myt(2026, 3, 1, 9, i)));
    const sameTime = [await pay(6_000, myt(2026, 3, 1, 10)), await pay(6_001, myt(2026, 3, 1, 10))];
    const paid = await pay(20_000, myt(2026, 3, 2, 9), {
      status: 'completed',
      at: myt(2026, 3, 2, 9, 1),
    });
    await refund(paid, 2_500, myt(2026, 3, 2, 10));
    await refund(paid, 1_000, myt(2026, 3, 2, 11));
    await refund(paid, 3_000, null);

    const { rows, sizes, ids } = await exported(set, {}, 4);
    expect(sizes).toEqual([4, 4, 2]);
    const newestFirst = [paid, ...[...sameTime].sort().reverse(), ...[...created].reverse()];
    expect(ids).toEqual(newestFirst);
    expect(rows[0]).toEqual({
      transactionId: paid,
      receiptNumber: expect.stringMatching(/^R-2026-\d{6}$/),
      gateway: 'sandbox',
      gatewayRef: null,
      memberId: aisyah.id,
      amountSen: 20_000,
      refundedSen: 3_500,
      status: 'completed',
      createdAt: myt(2026, 3, 2, 9),
      paidAt: myt(2026, 3, 2, 9, 1),
    });
    expect(rows[1]).toMatchObject({ refundedSen: 0, status: 'pending', paidAt: null });
    expect((await exported(set, {}, 5)).sizes).toEqual([5, 5]);
  });

  it("exports only what the search's filters find, all of them combined", async () => {
    const set = await seeded();
    const { pay, badrul, transactions } = set;
    const a = await pay(5_000, myt(2026, 3, 1), { status: 'completed' });
    const b = await pay(15_000, myt(2026, 3, 2), { status: 'failed' }, { gateway: 'billplz' });
    const c = await pay(25_000, myt(2026, 3, 3), {}, { memberId: badrul.id, gateway: 'billplz' });
    await transactions.attachGatewayRef(c, 'bill-3');
    const receipt = (await exported(set, { ref: a })).rows[0].receiptNumber ?? '';
    const only = async (filter: PaymentFilter) => (await exported(set, filter)).ids;

    expect(await only({ ref: receipt })).toEqual([a]);
    expect(await only({ ref: 'bill-3' })).toEqual([c]);
    expect(await only({ ref: b })).toEqual([b]);
    expect(await only({ ref: 'nothing' })).toEqual([]);
    expect(await only({ member: ['60123456702', '60123456702'] })).toEqual([c]);
    expect(await only({ member: ['A1234567'] })).toEqual([c]);
    expect(await only({ status: 'failed' })).toEqual([b]);
    expect(await only({ gateway: 'billplz' })).toEqual([c, b]);
    expect(await only({ from: myt(2026, 3, 2, 0), until: myt(2026, 3, 3, 0) })).toEqual([b]);
    expect(await only({ minSen: 15_000, maxSen: 25_000 })).toEqual([c, b]);
    expect(await only({ minSen: 15_001 })).toEqual([c]);
    expect(await only({ gateway: 'billplz', status: 'pending', maxSen: 30_000 })).toEqual([c]);
    expect(await only({ gateway: 'billplz', member: ['900101015001'] })).toEqual([b]);
  });

  it('writes the CSV itself, where it can, byte for byte as the rows are written', async () => {
    const set = await seeded();
    const { pay, refund, badrul, transactions, paymentReports } = set;
    // Every cell a spreadsheet would run as a formula, and every one CSV must quote.
    const refs = ['=1+2', '-5', '+x', '@SUM(A1)', '\tx', '\rx', 'a,b', 'say "hi"', 'two\nlines'];
    refs.push('＝x', '－1', "it's", 'Ωmega', 'plain');
    for (const [i, ref] of refs.entries()) {
      const outcome = [{ status: 'completed' as const, at: myt(2026, 3, 2, 9, i, 7) }, {}][i % 2];
      const owner = i % 3 === 0 ? { memberId: badrul.id, gateway: 'billplz' } : {};
      const id = await pay(5_000 + 100 * i + 1, myt(2026, 3, 1, 9, i, 59), outcome, owner);
      await transactions.attachGatewayRef(id, ref);
      if (i === 2) await refund(id, 50, myt(2026, 3, 3, 10));
    }
    await pay(123_456_78, myt(2026, 3, 1, 23, 59, 59), { status: 'failed' });
    const text = async (chunks: AsyncGenerator<string | Uint8Array>) => {
      let all = '';
      for await (const chunk of chunks) all += Buffer.from(chunk).toString('utf8');
      return all;
    };
    const filters: PaymentFilter[] = [
      {},
      { member: ['60123456702', 'nobody'] },
      { status: 'completed', gateway: 'billplz' },
      { minSen: 5_201, maxSen: 5_901 },
      { from: myt(2026, 3, 1, 9, 3), until: myt(2026, 3, 1, 9, 9) },
      { ref: 'say "hi"' },
      { ref: "it's" },
    ];
    for (const filter of filters) {
      const written = paymentReports.exportCsv(filter);
      if (written === null) return;
      const expected = await text(csvOfRows(paymentReports.exportRows(filter, 3)));
      expect(await text(written)).toBe(expected);
      if (filter.ref === undefined) continue;
      expect(expected.split('\n')).toHaveLength(2);
    }
  });

  it('stops reading when the consumer stops, and the stores go on answering', async () => {
    const set = await seeded();
    for (let i = 0; i < 30; i += 1) await set.pay(5_000 + i, myt(2026, 3, 1, 9, i));
    const batches = set.paymentReports.exportRows({}, 4);
    const first = await batches.next();
    expect(first.done).toBe(false);
    expect(await batches.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await batches.next()).toEqual({ done: true, value: undefined });
    // The connection the read held is free again: a whole export still runs.
    expect((await exported(set, {}, 7)).rows).toHaveLength(30);
    expect(await set.paymentReports.summary(march(1, 1))).toHaveLength(1);
  });
}
