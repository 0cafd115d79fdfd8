import { CachedTransactionStore } from '../../../../server/adapters/caching/cached-transaction-store.adapter';
import { InProcessInvalidationBus } from '../../../../server/adapters/caching/in-process-invalidation-bus.adapter';
import { ReadCaches } from '../../../../server/adapters/caching/read-caches';
import { type InvalidationBus } from '../../../../server/ports/invalidation-bus.port';
import { type TransactionStore } from '../../../../server/ports/transaction-store.port';
import { type Sen } from '../../../../src/contract/money';
import { FakeClock } from '../../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../../support/in-memory-stores';

const TTL_MS = 30_000;
const ID = 'TXNAAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * One payments table (the in-memory store, counting its reads) and two instances' caches over it,
 * sharing one bus as instances share PostgreSQL's or Redis's.
 */
async function twoInstances(bus: InvalidationBus = new InProcessInvalidationBus()) {
  const stores = inMemoryStores();
  const member = aMemberRow();
  await stores.members.insert(member);
  const clock = new FakeClock();
  await stores.transactions.createPending({
    transactionId: ID,
    memberId: member.id,
    amountSen: 5000 as Sen,
    paymentMethod: 'qr',
    gateway: 'sandbox',
    createdAt: new Date(clock.now()),
  });
  let reads = 0;
  let gate: Promise<void> | undefined;
  const counting = Object.create(stores.transactions) as TransactionStore;
  counting.findById = async (id) => {
    reads++;
    const tx = await stores.transactions.findById(id);
    if (gate !== undefined) await gate;
    return tx;
  };
  const instance = () =>
    new CachedTransactionStore(
      counting,
      clock,
      new ReadCaches(bus, clock, { ttlMs: TTL_MS, maxEntries: 100 }),
      {
        pendings: { ttlMs: TTL_MS, maxEntries: 100 },
      },
    );
  return {
    clock,
    one: instance(),
    two: instance(),
    reads: () => reads,
    /** Holds every store read after it has read its row, until the returned function is called. */
    holdReads: () => {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

/** Completes the payment through `store`, as a callback does. */
const complete = (store: TransactionStore) =>
  store.withLockedTransaction(ID, (_current, unit) => unit.finalise('completed', new Date()));

const statusOf = async (store: TransactionStore) => (await store.findById(ID))?.status;

describe('CachedTransactionStore with an invalidation bus: pending payments from memory', () => {
  it('answers a pending payment’s polls from memory after the first read', async () => {
    const s = await twoInstances();
    for (let i = 0; i < 5; i++) expect(await statusOf(s.one)).toBe('pending');
    expect(s.reads()).toBe(1);
  });

  it('forgets it on every instance the moment a callback applied on one instance commits', async () => {
    const s = await twoInstances();
    expect(await statusOf(s.one)).toBe('pending');
    expect(await statusOf(s.two)).toBe('pending');
    expect(await complete(s.one)).toBe(true);
    expect(await statusOf(s.two)).toBe('completed');
    expect(await statusOf(s.one)).toBe('completed');
    // Final now: kept without any invalidation.
    const reads = s.reads();
    expect(await statusOf(s.two)).toBe('completed');
    expect(s.reads()).toBe(reads);
  });

  it('does not keep a pending read that raced the change', async () => {
    const s = await twoInstances();
    const release = s.holdReads();
    const racing = s.two.findById(ID); // reads the pending row, then is held before caching it
    await new Promise((resolve) => setImmediate(resolve));
    s.holdReads()(); // the reads from here on are not held
    await complete(s.one);
    release();
    expect((await racing)?.status).toBe('pending');
    expect(await statusOf(s.two)).toBe('completed');
  });

  it('keeps a pending payment no longer than its lifetime (a missed message)', async () => {
    const s = await twoInstances();
    expect(await statusOf(s.one)).toBe('pending');
    await s.clock.advance(TTL_MS - 1);
    expect(await statusOf(s.one)).toBe('pending');
    expect(s.reads()).toBe(1);
    await s.clock.advance(1);
    expect(await statusOf(s.one)).toBe('pending');
    expect(s.reads()).toBe(2);
  });

  it('reads a pending payment from the store every time while the bus is not live', async () => {
    const down: InvalidationBus = {
      live: false,
      start: async () => undefined,
      publish: async () => undefined,
      subscribe: () => () => undefined,
      close: async () => undefined,
    };
    const s = await twoInstances(down);
    for (let i = 0; i < 3; i++) expect(await statusOf(s.one)).toBe('pending');
    expect(s.reads()).toBe(3);
  });

  it('forgets every pending payment when the bus says messages may have been missed', async () => {
    const bus = new InProcessInvalidationBus();
    const s = await twoInstances(bus);
    expect(await statusOf(s.one)).toBe('pending');
    await bus.publish({ kind: 'everything' });
    expect(await statusOf(s.one)).toBe('pending');
    expect(s.reads()).toBe(2);
  });
});
