import { type SmsSendQueue } from '../../../server/ports/sms-send-queue.port';
import { at, uuidsIn } from './contract-time';
import { type StoreSet } from './store-backends';

const LEASE_MS = 60_000;
const codeIds = uuidsIn('e000');
const requestIds = uuidsIn('e100');

/** A code with its request and its queued message, asked for at minute 0. */
async function queuedCode(stores: StoreSet, phoneNo = '60121234511') {
  const codeId = codeIds();
  const requestId = requestIds();
  await stores.unitOfWork.run(async ({ smsCodes, smsMessages }) => {
    await smsCodes.recordRequest({
      id: requestId,
      phoneNo,
      purpose: 'registration',
      clientAddress: '203.0.113.1',
      requestedAt: at(0),
    });
    await smsCodes.insert({
      id: codeId,
      phoneNo,
      purpose: 'registration',
      codeHash: 'hash',
      attempts: 0,
      createdAt: at(0),
      expiresAt: at(5),
      consumedAt: null,
    });
    await smsMessages.enqueue({
      codeId,
      requestId,
      sealedText: 'sealed',
      dueAt: at(0),
      expiresAt: at(5),
    });
  });
  return { codeId, requestId, phoneNo };
}

const claim = (stores: StoreSet, minutes: number) =>
  stores.unitOfWork.run(({ smsMessages }) => smsMessages.claimDue(at(minutes), LEASE_MS, 10));
const inUnit = <T>(stores: StoreSet, work: (queue: SmsSendQueue) => Promise<T>) =>
  stores.unitOfWork.run(({ smsMessages }) => work(smsMessages));

/** What every SmsSendQueue keeps: one claimer per message, leases, settling, the lookups. */
export function smsSendQueueContract(stores: () => StoreSet): void {
  it('hands a due message to one claimer, then again only past its lease, as cut short', async () => {
    const { codeId, requestId, phoneNo } = await queuedCode(stores());
    const [first, second] = await Promise.all([claim(stores(), 0), claim(stores(), 0)]);
    expect([...first, ...second]).toEqual([
      {
        codeId,
        requestId,
        phoneNo,
        sealedText: 'sealed',
        attempts: 1,
        expiresAt: at(5),
        interrupted: false,
      },
    ]);
    expect(await claim(stores(), 0.9)).toEqual([]);
    expect(await claim(stores(), 1)).toEqual([
      expect.objectContaining({ codeId, attempts: 2, interrupted: true }),
    ]);
  });

  it('waits a retry until it is due, and never hands out a settled message', async () => {
    const { codeId } = await queuedCode(stores());
    await claim(stores(), 0);
    await inUnit(stores(), (queue) => queue.settle(codeId, { state: 'pending', dueAt: at(0.5) }));
    expect(await claim(stores(), 0.4)).toEqual([]);
    const [retry] = await claim(stores(), 0.5);
    expect(retry).toMatchObject({ codeId, attempts: 2, interrupted: false });
    await inUnit(stores(), (queue) => queue.settle(codeId, { state: 'sent' }));
    expect(await claim(stores(), 10)).toEqual([]);
  });

  it('claims one message by its id, and none whose code is gone', async () => {
    const one = await queuedCode(stores());
    const other = await queuedCode(stores(), '60121234522');
    const only = await inUnit(stores(), (queue) => queue.claimDue(at(0), LEASE_MS, 10, one.codeId));
    expect(only.map((claimed) => claimed.codeId)).toEqual([one.codeId]);
    await stores().smsCodes.deleteCodesExpiredBefore(at(60), 100);
    expect(await claim(stores(), 0)).toEqual([]);
    expect(other.codeId).not.toBe(one.codeId);
  });

  it('forgets a failed message’s request, and finds a sent message by the provider’s id', async () => {
    const { codeId, requestId, phoneNo } = await queuedCode(stores());
    await inUnit(stores(), (queue) => queue.forgetRequest(requestId));
    expect(await stores().smsCodes.lastRequestAt(phoneNo, 'registration')).toBeNull();

    expect(await inUnit(stores(), (queue) => queue.findSent('SM-77'))).toBeNull();
    const sent = { status: 'queued' as const, providerMessageId: 'SM-77', error: null };
    await stores().smsCodes.recordSend(codeId, { ...sent, at: at(0.1) });
    expect(await inUnit(stores(), (queue) => queue.findSent('SM-77'))).toEqual({
      requestedAt: at(0),
      delivered: false,
    });
    await stores().smsCodes.recordDeliveryReport('SM-77', {
      status: 'delivered',
      error: null,
      at: at(0.2),
    });
    expect(await inUnit(stores(), (queue) => queue.findSent('SM-77'))).toEqual({
      requestedAt: at(0),
      delivered: true,
    });
  });
}
