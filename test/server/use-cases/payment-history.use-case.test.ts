import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { encodeHistoryCursor } from '../../../server/domain/history-cursor';
import { type PaymentHistoryStore } from '../../../server/ports/payment-history.port';
import { ListPaymentHistoryUseCase } from '../../../server/use-cases/list-payment-history.use-case';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

async function seeded(count: number) {
  const stores = inMemoryStores();
  const member = aMemberRow();
  await stores.members.insert(member);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const transactionId = generateTransactionId(randomBytes);
    await stores.transactions.createPending({
      transactionId,
      memberId: member.id,
      amountSen: 5_000 + i,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: at(i),
    });
    ids.push(transactionId);
  }
  const finalise = (id: string, status: 'completed' | 'failed', when = at(100)) =>
    stores.transactions.withLockedTransaction(id, (_tx, unit) => unit.finalise(status, when));
  const newestFirst = [...ids].reverse();
  return { stores, member, ids, newestFirst, finalise };
}

describe('ListPaymentHistoryUseCase', () => {
  it('answers the first 20 newest first, then the rest by the cursor, then no cursor', async () => {
    const { stores, member, newestFirst } = await seeded(45);
    const list = new ListPaymentHistoryUseCase(stores.paymentHistory);
    const pages: string[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const result = await list.execute({ memberId: member.id, cursor });
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      pages.push(result.value.payments.map((row) => row.transactionId));
      if (result.value.nextCursor === null) break;
      cursor = result.value.nextCursor;
    }
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(newestFirst);
  });

  it('shows each row as the API speaks it: ISO times, amount text, receipt number once paid', async () => {
    const { stores, member, ids, finalise } = await seeded(3);
    await finalise(ids[1], 'completed', at(50));
    await finalise(ids[2], 'failed');
    const result = await new ListPaymentHistoryUseCase(stores.paymentHistory).execute({
      memberId: member.id,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        payments: [
          {
            transactionId: ids[2],
            createdAt: at(2).toISOString(),
            amount: '50.02',
            paymentMethod: 'qr',
            status: 'failed',
            receiptNumber: null,
            paidAt: null,
            refundedAmount: '0.00',
          },
          {
            transactionId: ids[1],
            createdAt: at(1).toISOString(),
            amount: '50.01',
            paymentMethod: 'qr',
            status: 'completed',
            receiptNumber: 'R-2026-000001',
            paidAt: at(50).toISOString(),
            refundedAmount: '0.00',
          },
          expect.objectContaining({ transactionId: ids[0], status: 'pending' }),
        ],
        nextCursor: null,
      },
    });
  });

  it('filters by status and pages within it, at the page size asked', async () => {
    const { stores, member, ids, finalise } = await seeded(8);
    for (const i of [0, 2, 3, 6]) await finalise(ids[i], 'completed');
    await finalise(ids[7], 'failed');
    const list = new ListPaymentHistoryUseCase(stores.paymentHistory);
    const first = await list.execute({ memberId: member.id, status: 'completed', limit: '3' });
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    expect(first.value.payments.map((row) => row.transactionId)).toEqual([ids[6], ids[3], ids[2]]);
    const second = await list.execute({
      memberId: member.id,
      status: 'completed',
      limit: '3',
      cursor: first.value.nextCursor ?? '',
    });
    expect(second.ok && second.value).toEqual({
      payments: [expect.objectContaining({ transactionId: ids[0] })],
      nextCursor: null,
    });
    const pending = await list.execute({ memberId: member.id, status: 'pending' });
    expect(pending.ok && pending.value.payments.map((row) => row.transactionId)).toEqual([
      ids[5],
      ids[4],
      ids[1],
    ]);
    const failed = await list.execute({ memberId: member.id, status: 'failed', limit: '50' });
    expect(failed.ok && failed.value.payments).toHaveLength(1);
  });

  it('shows a member only their own payments, and an empty page when there are none', async () => {
    const { stores } = await seeded(3);
    const stranger = aMemberRow();
    await stores.members.insert(stranger);
    const result = await new ListPaymentHistoryUseCase(stores.paymentHistory).execute({
      memberId: stranger.id,
    });
    expect(result).toEqual({ ok: true, value: { payments: [], nextCursor: null } });
  });

  it.each([
    ['status', 'history-status-unknown', { status: 'paid' }],
    ['status', 'history-status-unknown', { status: '' }],
    ['limit', 'history-page-size', { limit: '0' }],
    ['limit', 'history-page-size', { limit: '51' }],
    ['limit', 'history-page-size', { limit: '2.5' }],
    ['limit', 'history-page-size', { limit: '-1' }],
    ['limit', 'history-page-size', { limit: ' 20' }],
    ['cursor', 'history-cursor-invalid', { cursor: 'not a cursor' }],
    ['cursor', 'history-cursor-invalid', { cursor: Buffer.from('[1,"x"]').toString('base64url') }],
    ['cursor', 'history-cursor-invalid', { cursor: Buffer.from('{"a":1}').toString('base64url') }],
    ['cursor', 'history-cursor-invalid', { cursor: 'A'.repeat(201) }],
  ])('refuses a bad %s as %s (%j) naming it, and reads nothing', async (field, reason, bad) => {
    const reads = { count: 0 };
    const spy: PaymentHistoryStore = {
      listForMember: async () => {
        reads.count += 1;
        return [];
      },
      findRecord: async () => null,
      refundsOf: async () => [],
    };
    const result = await new ListPaymentHistoryUseCase(spy).execute({ memberId: 'm', ...bad });
    expect(result).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', field, reason },
    });
    expect(reads.count).toBe(0);
  });

  it('accepts a cursor it made, whatever payment it names: the page starts after its position', async () => {
    const { stores, member } = await seeded(2);
    // The smallest id there is: a payment made at the same time sorts before it, so is not after.
    const cursor = encodeHistoryCursor({ createdAt: at(1), transactionId: `TXN${'2'.repeat(24)}` });
    const result = await new ListPaymentHistoryUseCase(stores.paymentHistory).execute({
      memberId: member.id,
      cursor,
    });
    expect(result.ok && result.value.payments).toHaveLength(1);
  });
});
