import { randomBytes, randomUUID } from 'node:crypto';
import { generateTransactionId } from '../../../server/domain/transaction';
import { type NewRefund, RefundRefused } from '../../../server/ports/refund-store.port';
import { aMemberRow } from '../support/in-memory-stores';
import { at } from './contract-time';
import { anOperator } from './ops-stores.contract';
import { type StoreSet } from './store-backends';

/** What every RefundStore does, alone and inside a unit of work. */
export function refundStoreContract(stores: () => StoreSet): void {
  /** A member's payment of RM 100.00 (completed unless told), and two finance operators. */
  async function withPayment(status: 'completed' | 'pending' = 'completed') {
    const set = stores();
    const member = aMemberRow();
    await set.members.insert(member);
    const transactionId = generateTransactionId(randomBytes);
    await set.transactions.createPending({
      transactionId,
      memberId: member.id,
      amountSen: 10_000,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: at(0),
    });
    if (status === 'completed') {
      await set.transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise('completed', at(1)),
      );
    }
    const asker = anOperator({ role: 'finance' });
    const approver = anOperator({ role: 'finance' });
    await set.operators.insert(asker);
    await set.operators.insert(approver);
    const aRefund = (amountSen: number, method: 'api' | 'manual' = 'api'): NewRefund => ({
      id: randomUUID(),
      transactionId,
      amountSen,
      method,
      reason: 'member asked by phone',
      requestedBy: asker.id,
      requestedAt: at(2),
    });
    const approve = { approve: true, decidedBy: approver.id, reason: 'checked', at: at(3) };
    return { ...set, transactionId, asker, approver, aRefund, approve };
  }

  const refused = (code: string) => expect.objectContaining({ name: 'RefundRefused', code });

  it('reads the payment, requests a refund and finds it', async () => {
    const { refunds, transactionId, aRefund, asker } = await withPayment();
    expect(await refunds.findPayment(transactionId)).toEqual({
      transactionId,
      amountSen: 10_000,
      status: 'completed',
      gateway: 'sandbox',
      gatewayRef: null,
    });
    expect(await refunds.findPayment('TXNNOSUCHPAYMENTAAAAAAAAAAA')).toBeNull();
    const asked = aRefund(2_550);
    const stored = await refunds.request(asked);
    expect(stored).toEqual({
      ...asked,
      status: 'requested',
      requestedBy: asker.id,
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      closedBy: null,
      reference: null,
      transferDate: null,
      failureReason: null,
      attempts: 0,
      refundedAt: null,
      updatedAt: at(2),
    });
    expect(await refunds.findById(asked.id)).toEqual(stored);
    expect(await refunds.listForPayment(transactionId)).toEqual([stored]);
    expect(await refunds.findById(randomUUID())).toBeNull();
  });

  it('refuses a request over what may still be refunded, or on a payment not completed', async () => {
    const { refunds, aRefund, transactionId } = await withPayment();
    await refunds.request(aRefund(6_000));
    await expect(refunds.request(aRefund(4_001))).rejects.toEqual(
      refused('REFUND_OVER_REFUNDABLE'),
    );
    await refunds.request(aRefund(4_000));
    await expect(refunds.request(aRefund(1))).rejects.toBeInstanceOf(RefundRefused);
    expect(await refunds.listForPayment(transactionId)).toHaveLength(2);

    const pending = await withPayment('pending');
    await expect(pending.refunds.request(pending.aRefund(100))).rejects.toEqual(
      refused('PAYMENT_NOT_COMPLETED'),
    );
  });

  it('decides a request once; a rejected refund frees its amount', async () => {
    const { refunds, aRefund, approve, approver } = await withPayment();
    const first = await refunds.request(aRefund(10_000));
    const rejected = await refunds.decide(first.id, { ...approve, approve: false });
    expect(rejected).toMatchObject({
      status: 'rejected',
      decidedBy: approver.id,
      decidedAt: at(3),
      decisionReason: 'checked',
    });
    await expect(refunds.decide(first.id, approve)).rejects.toEqual(refused('REFUND_NOT_PENDING'));
    const second = await refunds.request(aRefund(10_000));
    expect(await refunds.decide(second.id, approve)).toMatchObject({ status: 'approved' });
    await expect(refunds.decide(randomUUID(), approve)).rejects.toEqual(
      refused('REFUND_NOT_PENDING'),
    );
  });

  it('records sends: unavailable stays approved, then refunded or failed', async () => {
    const { refunds, aRefund, approve } = await withPayment();
    const refund = await refunds.request(aRefund(3_000));
    await refunds.decide(refund.id, approve);
    const down = await refunds.recordSend(
      refund.id,
      { kind: 'unavailable', reason: 'timeout' },
      at(4),
    );
    expect(down).toMatchObject({ status: 'approved', attempts: 1, failureReason: 'timeout' });
    const done = await refunds.recordSend(refund.id, { kind: 'refunded', reference: 'RF1' }, at(5));
    expect(done).toMatchObject({
      status: 'refunded',
      attempts: 2,
      reference: 'RF1',
      refundedAt: at(5),
      failureReason: null,
    });
    // Another send's outcome after it changes nothing.
    expect(
      await refunds.recordSend(refund.id, { kind: 'failed', reason: 'late' }, at(6)),
    ).toBeNull();
    expect(await refunds.findById(refund.id)).toEqual(done);

    const other = await refunds.request(aRefund(1_000));
    await refunds.decide(other.id, approve);
    const failed = await refunds.recordSend(
      other.id,
      { kind: 'failed', reason: 'card closed' },
      at(7),
    );
    expect(failed).toMatchObject({
      status: 'refund_failed',
      attempts: 1,
      failureReason: 'card closed',
    });
    expect(await refunds.reopen(other.id, at(8))).toMatchObject({
      status: 'approved',
      attempts: 1,
    });
    await expect(refunds.reopen(other.id, at(9))).rejects.toEqual(refused('REFUND_NOT_PENDING'));
  });

  it('reopens a failed refund only while its amount is still refundable', async () => {
    const { refunds, aRefund, approve } = await withPayment();
    const failing = await refunds.request(aRefund(7_000));
    await refunds.decide(failing.id, approve);
    await refunds.recordSend(failing.id, { kind: 'failed', reason: 'refused' }, at(4));
    // The failed refund holds nothing: a new one may take its amount.
    await refunds.request(aRefund(7_000));
    await expect(refunds.reopen(failing.id, at(5))).rejects.toEqual(
      refused('REFUND_OVER_REFUNDABLE'),
    );
    expect(await refunds.findById(failing.id)).toMatchObject({ status: 'refund_failed' });
  });

  it('closes an approved manual refund with the transfer, and only such a one', async () => {
    const { refunds, aRefund, approve, approver } = await withPayment();
    const manual = await refunds.request(aRefund(2_000, 'manual'));
    const transfer = {
      reference: 'IBG-778',
      transferDate: '2026-01-02',
      closedBy: approver.id,
      at: at(9),
    };
    await expect(refunds.closeManual(manual.id, transfer)).rejects.toEqual(
      refused('REFUND_NOT_PENDING'),
    );
    await refunds.decide(manual.id, approve);
    expect(await refunds.closeManual(manual.id, transfer)).toMatchObject({
      status: 'refunded',
      reference: 'IBG-778',
      closedBy: approver.id,
      transferDate: '2026-01-02',
      refundedAt: at(9),
    });
    const api = await refunds.request(aRefund(1_000, 'api'));
    await refunds.decide(api.id, approve);
    await expect(refunds.closeManual(api.id, transfer)).rejects.toBeInstanceOf(RefundRefused);
  });

  it('writes nothing of a unit of work that a refusal ends', async () => {
    const { refunds, unitOfWork, aRefund, transactionId, audit } = await withPayment();
    await refunds.request(aRefund(9_000));
    const attempt = unitOfWork.run(async (tx) => {
      await tx.audit.append({
        at: at(3),
        actorId: null,
        actorName: 'cli',
        actorRole: null,
        address: null,
        action: 'refund.request',
        targetType: 'payment',
        targetId: transactionId,
        reason: null,
        changes: null,
      });
      return tx.refunds.request(aRefund(2_000));
    });
    await expect(attempt).rejects.toEqual(refused('REFUND_OVER_REFUNDABLE'));
    expect(await refunds.listForPayment(transactionId)).toHaveLength(1);
    expect(await audit.head()).toBeNull();
  });
}
