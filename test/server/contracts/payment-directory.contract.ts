import { randomUUID } from 'node:crypto';
import { type PaymentFilter } from '../../../server/domain/ops/payment-filter';
import { type FinalStatus } from '../../../server/domain/transaction';
import { aMemberRow } from '../support/in-memory-stores';
import { at } from './contract-time';
import { anOperator } from './ops-stores.contract';
import { type StoreSet } from './store-backends';

/** A well-formed transaction id, distinct per `n`. */
const txnId = (n: number) => `TXN${'A'.repeat(20)}${String.fromCharCode(65 + n).repeat(4)}`;

/** A payment of `amountSen` made at minute `minute`, optionally final and with a gateway ref. */
async function aPayment(
  stores: StoreSet,
  memberId: string,
  options: {
    n: number;
    minute: number;
    amountSen?: number;
    gateway?: string;
    final?: FinalStatus;
    gatewayRef?: string;
  },
): Promise<string> {
  const transactionId = txnId(options.n);
  await stores.transactions.createPending({
    transactionId,
    memberId,
    amountSen: options.amountSen ?? 5000,
    paymentMethod: 'qr',
    gateway: options.gateway ?? 'sandbox',
    createdAt: at(options.minute),
  });
  if (options.gatewayRef)
    await stores.transactions.attachGatewayRef(transactionId, options.gatewayRef);
  const final = options.final;
  if (final) {
    await stores.transactions.withLockedTransaction(transactionId, (_current, unit) =>
      unit.finalise(final, at(options.minute + 1)),
    );
  }
  return transactionId;
}

const ids = (rows: { transactionId: string }[]) => rows.map((row) => row.transactionId);

/** What every PaymentDirectory does. */
export function paymentDirectoryContract(stores: () => StoreSet): void {
  it('finds payments newest first by keyset pages, with the member and what was refunded', async () => {
    const set = stores();
    const member = aMemberRow({ name: 'Siti Aminah' });
    await set.members.insert(member);
    const made = [];
    for (let n = 0; n < 5; n += 1) made.push(await aPayment(set, member.id, { n, minute: n }));
    // Two at the same instant: the id breaks the tie, descending.
    made.push(await aPayment(set, member.id, { n: 5, minute: 4 }));
    const first = await set.paymentDirectory.search({}, { limit: 4 });
    expect(ids(first)).toEqual([made[5], made[4], made[3], made[2]]);
    const rest = await set.paymentDirectory.search({}, { after: first[3].key, limit: 4 });
    expect(ids(rest)).toEqual([made[1], made[0]]);
    expect(first[0]).toMatchObject({
      amountSen: 5000,
      refundedSen: 0,
      status: 'pending',
      gateway: 'sandbox',
      paidAt: null,
      createdAt: at(4),
      member: { id: member.id, name: 'Siti Aminah', phoneNo: member.phoneNo },
    });
  });

  it('narrows by each filter field, and by all of them combined', async () => {
    const set = stores();
    const aisyah = aMemberRow();
    const lee = aMemberRow({ name: 'Lee Wei' });
    for (const member of [aisyah, lee]) await set.members.insert(member);
    const a = await aPayment(set, aisyah.id, {
      n: 0,
      minute: 0,
      amountSen: 5000,
      final: 'completed',
    });
    const b = await aPayment(set, aisyah.id, {
      n: 1,
      minute: 60 * 24,
      amountSen: 7500,
      gateway: 'billplz',
      gatewayRef: 'bill-77',
      final: 'failed',
    });
    const c = await aPayment(set, lee.id, { n: 2, minute: 60 * 48, amountSen: 12000 });
    const receipt = (await set.paymentDirectory.byId(a))?.receiptNumber;
    expect(receipt).toMatch(/^R-2026-/);
    const find = async (filter: PaymentFilter) =>
      ids(await set.paymentDirectory.search(filter, { limit: 10 }));
    expect(await find({ ref: a })).toEqual([a]);
    expect(await find({ ref: receipt ?? '' })).toEqual([a]);
    expect(await find({ ref: 'bill-77' })).toEqual([b]);
    expect(await find({ ref: 'bill-7' })).toEqual([]);
    expect(await find({ member: [lee.phoneNo, 'X'] })).toEqual([c]);
    expect(await find({ member: ['X', aisyah.icOrPassport] })).toEqual([b, a]);
    expect(await find({ status: 'failed' })).toEqual([b]);
    expect(await find({ gateway: 'sandbox' })).toEqual([c, a]);
    expect(await find({ from: at(60 * 24), until: at(60 * 48) })).toEqual([b]);
    expect(await find({ minSen: 7500 })).toEqual([c, b]);
    expect(await find({ maxSen: 7500 })).toEqual([b, a]);
    expect(await find({ member: [aisyah.phoneNo], minSen: 5001, gateway: 'billplz' })).toEqual([b]);
    expect(await find({ member: [aisyah.phoneNo], status: 'pending' })).toEqual([]);
  });

  it('reads one payment: paid time only when completed; null for none', async () => {
    const set = stores();
    const member = aMemberRow();
    await set.members.insert(member);
    const paid = await aPayment(set, member.id, { n: 0, minute: 0, final: 'completed' });
    const failed = await aPayment(set, member.id, { n: 1, minute: 5, final: 'failed' });
    expect(await set.paymentDirectory.byId(paid)).toMatchObject({
      status: 'completed',
      paidAt: at(1),
      finalisedAt: at(1),
    });
    expect(await set.paymentDirectory.byId(failed)).toMatchObject({
      status: 'failed',
      paidAt: null,
      finalisedAt: at(6),
    });
    expect(await set.paymentDirectory.byId(txnId(9))).toBeNull();
  });

  it("lists a payment's messages oldest first, with the operator who asked", async () => {
    const set = stores();
    const member = aMemberRow();
    const ops = anOperator({ name: 'Farid Support' });
    await set.members.insert(member);
    await set.operators.insert(ops);
    const mine = await aPayment(set, member.id, { n: 0, minute: 0 });
    const other = await aPayment(set, member.id, { n: 1, minute: 0 });
    const message = { payload: '{"x":1}', reason: null, transactionId: mine };
    await set.transactions.recordCallback({
      ...message,
      source: 'requery',
      result: 'ignored',
      receivedAt: at(3),
      operatorId: ops.id,
    });
    await set.transactions.recordCallback({
      ...message,
      source: 'callback',
      result: 'rejected',
      reason: 'bad_signature: no',
      receivedAt: at(2),
    });
    await set.transactions.recordCallback({
      ...message,
      transactionId: other,
      source: 'redirect',
      result: 'ignored',
      receivedAt: at(1),
    });
    expect(await set.paymentDirectory.messagesOf(mine)).toEqual([
      {
        source: 'callback',
        result: 'rejected',
        reason: 'bad_signature: no',
        payload: '{"x":1}',
        receivedAt: at(2),
        operator: null,
      },
      {
        source: 'requery',
        result: 'ignored',
        reason: null,
        payload: '{"x":1}',
        receivedAt: at(3),
        operator: { id: ops.id, name: 'Farid Support' },
      },
    ]);
    expect(await set.paymentDirectory.messagesOf(txnId(9))).toEqual([]);
  });

  it('names the operators of refunds, sums the refunded ones and queues the open ones', async () => {
    const set = stores();
    const member = aMemberRow();
    const asker = anOperator({ name: 'Finance One', role: 'finance' });
    const approver = anOperator({ name: 'Finance Two', role: 'finance' });
    await set.members.insert(member);
    for (const ops of [asker, approver]) await set.operators.insert(ops);
    const paid = await aPayment(set, member.id, {
      n: 0,
      minute: 0,
      amountSen: 10000,
      final: 'completed',
    });
    const refund = (amountSen: number, minute: number) =>
      set.refunds.request({
        id: randomUUID(),
        transactionId: paid,
        amountSen,
        method: 'manual',
        reason: 'Paid twice',
        requestedBy: asker.id,
        requestedAt: at(minute),
      });
    const done = await refund(3000, 10);
    const waiting = await refund(2000, 11);
    const approved = await refund(1000, 12);
    for (const id of [done.id, approved.id]) {
      await set.refunds.decide(id, {
        approve: true,
        decidedBy: approver.id,
        reason: 'ok',
        at: at(13),
      });
    }
    await set.refunds.closeManual(done.id, {
      reference: 'FT-1',
      transferDate: '2026-01-01',
      closedBy: asker.id,
      at: at(14),
    });

    expect(await set.paymentDirectory.byId(paid)).toMatchObject({ refundedSen: 3000 });
    const all = await set.paymentDirectory.refundsOf(paid);
    expect(all.map((each) => each.id)).toEqual([done.id, waiting.id, approved.id]);
    expect(all[0]).toMatchObject({
      amountSen: 3000,
      status: 'refunded',
      requestedBy: { id: asker.id, name: 'Finance One' },
      decidedBy: { id: approver.id, name: 'Finance Two' },
      closedBy: { id: asker.id, name: 'Finance One' },
      reference: 'FT-1',
      transferDate: '2026-01-01',
      refundedAt: at(14),
    });
    expect(all[1]).toMatchObject({ status: 'requested', decidedBy: null });

    const open = await set.paymentDirectory.openRefunds(undefined, { limit: 1 });
    expect(open.map((each) => each.id)).toEqual([approved.id]);
    expect(open[0]).toMatchObject({ paymentAmountSen: 10000, gateway: 'sandbox' });
    const after = { requestedAt: open[0].requestedAt, id: open[0].id };
    const next = await set.paymentDirectory.openRefunds(undefined, { after, limit: 5 });
    expect(next.map((each) => each.id)).toEqual([waiting.id]);
    const refunded = await set.paymentDirectory.openRefunds('refunded', { limit: 5 });
    expect(refunded.map((each) => each.id)).toEqual([done.id]);
  });
}
