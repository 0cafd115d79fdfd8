import { randomBytes } from 'node:crypto';
import { erasedMemberFields } from '../../../server/domain/personal-data';
import { generateTransactionId } from '../../../server/domain/transaction';
import {
  type CallbackRecord,
  type NewTransaction,
} from '../../../server/ports/transaction-store.port';
import { aMemberRow } from '../support/in-memory-stores';
import { at } from './contract-time';
import { type StoreSet } from './store-backends';

/** What every TransactionStore does, whatever stores the payments. */
export function transactionStoreContract(stores: () => StoreSet): void {
  async function withMember() {
    const set = stores();
    const member = aMemberRow();
    await set.members.insert(member);
    const aPayment = (overrides: Partial<NewTransaction> = {}): NewTransaction => ({
      transactionId: generateTransactionId(randomBytes),
      memberId: member.id,
      amountSen: 12_345,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: at(0),
      ...overrides,
    });
    const callback = (transactionId: string, result: CallbackRecord['result']): CallbackRecord => ({
      source: 'callback',
      transactionId,
      payload: '{}',
      result,
      reason: null,
      receivedAt: at(1),
    });
    return { ...set, member, aPayment, callback };
  }

  it('stores a new payment as pending and finds it by id', async () => {
    const { transactions, aPayment, member } = await withMember();
    const payment = aPayment({ gateway: 'billplz' });
    const expected = {
      transactionId: payment.transactionId,
      memberId: member.id,
      amountSen: 12_345,
      paymentMethod: 'qr',
      status: 'pending',
      gateway: 'billplz',
      createdAt: at(0),
      updatedAt: at(0),
    };
    expect(await transactions.createPending(payment)).toEqual({
      created: true,
      transaction: expected,
    });
    expect(await transactions.findById(payment.transactionId)).toEqual(expected);
    expect(await transactions.findById(aPayment().transactionId)).toBeNull();
  });

  it('reads many payments by id in one call, leaving out unknown ids', async () => {
    const { transactions, aPayment } = await withMember();
    const payment = aPayment();
    await transactions.createPending(payment);
    const found = await transactions.findManyByIds?.([
      payment.transactionId,
      aPayment().transactionId,
    ]);
    expect(found === undefined ? undefined : [...found.keys()]).toEqual([payment.transactionId]);
    expect(found?.get(payment.transactionId)).toEqual(
      await transactions.findById(payment.transactionId),
    );
  });

  it("answers a member's idempotency key with the payment it made, even when requests race", async () => {
    const { transactions, members, aPayment } = await withMember();
    const [a, b] = await Promise.all([
      transactions.createPending(aPayment(), 'key-1'),
      transactions.createPending(aPayment({ amountSen: 99_999 }), 'key-1'),
    ]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.transaction).toEqual(b.transaction);
    const again = await transactions.createPending(aPayment(), 'key-1');
    expect(again).toEqual({ created: false, transaction: a.transaction });

    // The key belongs to the member: another member's same key makes a new payment.
    const other = aMemberRow();
    await members.insert(other);
    const theirs = await transactions.createPending(aPayment({ memberId: other.id }), 'key-1');
    expect(theirs.created).toBe(true);
    expect(theirs.transaction?.transactionId).not.toBe(a.transaction?.transactionId);
  });

  it('refuses a payment of an unknown or erased member or outside the amount range', async () => {
    const { transactions, aPayment, unitOfWork, member } = await withMember();
    const nobody = { created: false, transaction: null };
    expect(await transactions.createPending(aPayment({ memberId: aMemberRow().id }))).toEqual(
      nobody,
    );
    const kept = aPayment();
    await transactions.createPending(kept);
    const erased = erasedMemberFields(member.id, 'unusable-hash');
    await unitOfWork.run(({ personalData }) => personalData.erase(member.id, erased, at(9)));
    expect(await transactions.createPending(aPayment())).toEqual(nobody);
    expect(await transactions.createPending(aPayment(), 'key-after')).toEqual(nobody);
    expect(await transactions.findById(kept.transactionId)).not.toBeNull();
  });

  it("keeps only the outcome of a message about an erased member's payment", async () => {
    const { transactions, aPayment, callback, unitOfWork, member } = await withMember();
    const payment = aPayment();
    await transactions.createPending(payment);
    const erased = erasedMemberFields(member.id, 'unusable-hash');
    await unitOfWork.run(({ personalData }) => personalData.erase(member.id, erased, at(9)));
    await transactions.recordCallback(callback(payment.transactionId, 'rejected'));
    const [kept] = await stores().callbacks();
    expect(kept).toMatchObject({ transactionId: payment.transactionId, result: 'rejected' });
    expect(kept.payload).toBe('');
  });

  it('refuses a payment outside the amount range', async () => {
    const { transactions, aPayment } = await withMember();
    await expect(transactions.createPending(aPayment({ amountSen: 4_999 }))).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('lists pending payments created up to a cut-off, oldest first, at most `limit`', async () => {
    const { transactions, aPayment } = await withMember();
    const ids: string[] = [];
    for (const minutes of [3, 1, 2, 10]) {
      const payment = aPayment({ createdAt: at(minutes) });
      ids[minutes] = payment.transactionId;
      await transactions.createPending(payment);
    }
    await transactions.withLockedTransaction(ids[1], (_tx, unit) => unit.finalise('failed', at(4)));
    const stale = await transactions.listStalePending(at(3), 10);
    expect(stale.map((tx) => tx.transactionId)).toEqual([ids[2], ids[3]]);
    expect(await transactions.listStalePending(at(10), 1)).toEqual([stale[0]]);
  });

  it('counts pending payments per gateway, final ones left out', async () => {
    const { transactions, aPayment } = await withMember();
    const paid = aPayment({ gateway: 'billplz' });
    for (const payment of [paid, aPayment({ gateway: 'billplz' }), aPayment()]) {
      await transactions.createPending(payment);
    }
    await transactions.withLockedTransaction(paid.transactionId, (_, unit) =>
      unit.finalise('completed', at(1)),
    );
    const counts = await transactions.countPendingByGateway();
    expect(Object.fromEntries(counts)).toEqual({ billplz: 1, sandbox: 1 });
  });

  it('moves a payment from pending to a final status once, never on', async () => {
    const { transactions, aPayment } = await withMember();
    const { transactionId } = aPayment();
    await transactions.createPending(aPayment({ transactionId }));

    const first = await transactions.withLockedTransaction(transactionId, async (current, unit) => {
      expect(current?.status).toBe('pending');
      return unit.finalise('completed', at(2));
    });
    expect(first).toBe(true);
    const second = await transactions.withLockedTransaction(
      transactionId,
      async (current, unit) => {
        expect(current?.status).toBe('completed');
        return unit.finalise('failed', at(3));
      },
    );
    expect(second).toBe(false);
    expect(await transactions.findById(transactionId)).toMatchObject({
      status: 'completed',
      updatedAt: at(2),
    });
  });

  it('hands an unknown id to the locked callback as null', async () => {
    const { transactions, aPayment } = await withMember();
    const seen = await transactions.withLockedTransaction(
      aPayment().transactionId,
      async (current) => current,
    );
    expect(seen).toBeNull();
  });

  it('serialises decisions on one payment: of racing finalisations one wins', async () => {
    const { transactions, aPayment } = await withMember();
    const { transactionId } = aPayment();
    await transactions.createPending(aPayment({ transactionId }));
    const decide = (status: 'completed' | 'failed') =>
      transactions.withLockedTransaction(transactionId, async (current, unit) =>
        current?.status === 'pending' ? unit.finalise(status, at(2)) : false,
      );
    const results = await Promise.all([decide('completed'), decide('failed'), decide('failed')]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('undoes what the locked callback did when it throws', async () => {
    const { transactions, aPayment, callback } = await withMember();
    const { transactionId } = aPayment();
    await transactions.createPending(aPayment({ transactionId }));
    await expect(
      transactions.withLockedTransaction(transactionId, async (_current, unit) => {
        await unit.finalise('completed', at(2));
        await unit.recordCallback(callback(transactionId, 'applied'));
        throw new Error('crash after the update');
      }),
    ).rejects.toThrow('crash after the update');
    expect((await transactions.findById(transactionId))?.status).toBe('pending');
    expect(await stores().callbacks()).toEqual([]);
  });

  it('records every message, and at most one applied per payment', async () => {
    const { transactions, aPayment, callback } = await withMember();
    const { transactionId } = aPayment();
    await transactions.createPending(aPayment({ transactionId }));
    await transactions.recordCallback({ ...callback(transactionId, 'rejected'), reason: 'stale' });
    await transactions.recordCallback({
      ...callback(transactionId, 'applied'),
      source: 'reconcile',
    });
    await transactions.recordCallback(callback(transactionId, 'duplicate'));
    // Messages about payments we never made are kept too (no foreign key).
    await transactions.recordCallback({
      ...callback(transactionId, 'rejected'),
      transactionId: null,
    });
    await expect(
      transactions.recordCallback(callback(transactionId, 'applied')),
    ).rejects.toMatchObject({ code: '23505' });

    expect(await stores().callbacks()).toEqual([
      { ...callback(transactionId, 'rejected'), reason: 'stale' },
      { ...callback(transactionId, 'applied'), source: 'reconcile' },
      callback(transactionId, 'duplicate'),
      { ...callback(transactionId, 'rejected'), transactionId: null },
    ]);
  });

  it("keeps the gateway's first reference of a payment and finds the payment by it", async () => {
    const { transactions, aPayment } = await withMember();
    const { transactionId } = aPayment();
    const other = aPayment();
    await transactions.createPending(aPayment({ transactionId }));
    await transactions.createPending(other);
    expect(await transactions.findGatewayRef(transactionId)).toBeNull();

    expect(await transactions.attachGatewayRef(transactionId, 'BILL-1')).toBe('BILL-1');
    expect(await transactions.attachGatewayRef(transactionId, 'BILL-2')).toBe('BILL-1');
    expect(await transactions.findGatewayRef(transactionId)).toBe('BILL-1');
    expect(await transactions.findTransactionIdByGatewayRef('BILL-1')).toBe(transactionId);
    expect(await transactions.findTransactionIdByGatewayRef('BILL-2')).toBeNull();

    // One gateway payment belongs to one of ours.
    await expect(
      transactions.attachGatewayRef(other.transactionId, 'BILL-1'),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      transactions.attachGatewayRef(aPayment().transactionId, 'BILL-3'),
    ).rejects.toThrow();
  });

  it('records a verified message without an outcome as ignored, as often as it comes', async () => {
    const { transactions, aPayment, callback } = await withMember();
    const { transactionId } = aPayment();
    await transactions.createPending(aPayment({ transactionId }));
    await transactions.recordCallback(callback(transactionId, 'ignored'));
    await transactions.recordCallback(callback(transactionId, 'ignored'));
    expect((await stores().callbacks()).map((c) => c.result)).toEqual(['ignored', 'ignored']);
  });

  it('discards a payment the gateway never started, with its key, and no other', async () => {
    const { transactions, aPayment, callback } = await withMember();
    const made = (await transactions.createPending(aPayment(), 'key-d')).transaction;
    if (made === null) throw new Error('no payment made');
    const unstarted = made;
    const started = aPayment();
    await transactions.createPending(started);
    await transactions.attachGatewayRef(started.transactionId, 'BILL-D');
    const heard = aPayment();
    await transactions.createPending(heard);
    await transactions.recordCallback(callback(heard.transactionId, 'rejected'));

    expect(await transactions.discardUnstarted(unstarted.transactionId)).toBe(true);
    expect(await transactions.findById(unstarted.transactionId)).toBeNull();
    expect(await transactions.discardUnstarted(unstarted.transactionId)).toBe(false);
    // Its key is free again: the same key makes a new payment.
    const retried = await transactions.createPending(aPayment(), 'key-d');
    expect(retried.created).toBe(true);
    // Started at the gateway, or already heard of: kept.
    expect(await transactions.discardUnstarted(started.transactionId)).toBe(false);
    expect(await transactions.discardUnstarted(heard.transactionId)).toBe(false);
    expect(await transactions.findById(started.transactionId)).not.toBeNull();
    expect(await transactions.findById(heard.transactionId)).not.toBeNull();
  });
}
