import { randomUUID } from 'node:crypto';
import { CachedMemberRepository } from '../../../../server/adapters/caching/cached-member-repository.adapter';
import { CachedSessionStore } from '../../../../server/adapters/caching/cached-session-store.adapter';
import { CachedTransactionStore } from '../../../../server/adapters/caching/cached-transaction-store.adapter';
import { InProcessInvalidationBus } from '../../../../server/adapters/caching/in-process-invalidation-bus.adapter';
import { ReadCaches } from '../../../../server/adapters/caching/read-caches';
import {
  REFRESH_BATCH_DELAY_MS,
  REFRESH_BATCH_SIZE,
} from '../../../../server/adapters/caching/refresh-ahead';
import { GenerationCache } from '../../../../server/adapters/caching/generation-cache';
import { InMemorySessionStore } from '../../../../server/adapters/in-memory/in-memory-session-store.adapter';
import { type SessionRecord } from '../../../../server/domain/session-policy';
import { type Sen } from '../../../../src/contract/money';
import { FakeClock } from '../../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../../support/in-memory-stores';

const TTL_MS = 30_000;

/** A session store that counts single reads and batched ones, and can fail or hold the batch. */
class CountingSessionStore extends InMemorySessionStore {
  single = 0;
  batches: number[] = [];
  failBatch = false;
  beforeBatchAnswers: (() => Promise<void>) | undefined;

  override async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    this.single++;
    return super.findByTokenHash(tokenHash);
  }

  override async findManyByTokenHash(
    tokenHashes: readonly string[],
  ): Promise<ReadonlyMap<string, SessionRecord>> {
    this.batches.push(tokenHashes.length);
    if (this.failBatch) throw new Error('database down');
    const found = new Map<string, SessionRecord>();
    for (const hash of tokenHashes) {
      const session = await super.findByTokenHash(hash);
      if (session !== null) found.set(hash, session);
    }
    await this.beforeBatchAnswers?.();
    return found;
  }
}

/** Three live sessions of one member, read once through the cache at time 0. */
async function threeSessions() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const member = aMemberRow();
  await stores.members.insert(member);
  const inner = new CountingSessionStore(stores.tables);
  const caches = new ReadCaches(new InProcessInvalidationBus(), clock, {
    ttlMs: TTL_MS,
    maxEntries: 2 * REFRESH_BATCH_SIZE,
  });
  const sessions = new CachedSessionStore(inner, caches, clock);
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  for (const [n, id] of ids.entries()) {
    await sessions.create({
      id,
      memberId: member.id,
      tokenHash: `hash-${n}`,
      now: new Date(clock.now()),
    });
  }
  const readAll = async () => {
    for (let n = 0; n < ids.length; n++) await sessions.findByTokenHash(`hash-${n}`);
  };
  await readAll();
  inner.single = 0;
  return { clock, inner, caches, sessions, ids, readAll, member, stores };
}

describe('GenerationCache aging', () => {
  it('tells its listener once of an entry read late in its life, and extend gives a new life', async () => {
    const clock = new FakeClock();
    const cache = new GenerationCache<string, number>(clock, { ttlMs: 1000, maxEntries: 10 });
    const told: string[] = [];
    cache.onAging({ after: 0.5, aging: (key) => told.push(key) });
    cache.setIfUnchanged('a', 1, cache.generation);
    await clock.advance(499);
    cache.get('a');
    expect(told).toEqual([]);
    await clock.advance(1);
    cache.get('a');
    cache.get('a');
    expect(told).toEqual(['a']);
    cache.extend('a');
    await clock.advance(999);
    expect(cache.get('a')).toBe(1);
    expect(told).toEqual(['a', 'a']);
  });
});

describe('CachedSessionStore: sessions in use are read again, many at once, before they expire', () => {
  it('keeps sessions read late in their life in memory past their lifetime, one batched read for all', async () => {
    const s = await threeSessions();
    await s.clock.advance(21_000);
    await s.readAll();
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.inner.batches).toEqual([3]);
    // Past the first lifetime (30 s): still answered from memory, no single read.
    await s.clock.advance(15_000);
    for (let n = 0; n < 3; n++) expect(s.sessions.findHeldByTokenHash(`hash-${n}`)).toBeDefined();
    expect(s.inner.single).toBe(0);
  });

  it('reads at most REFRESH_BATCH_SIZE sessions at once, one read after another', async () => {
    const s = await threeSessions();
    const count = REFRESH_BATCH_SIZE + 1 - 3;
    for (let n = 3; n < count + 3; n++) {
      await s.sessions.create({
        id: randomUUID(),
        memberId: s.member.id,
        tokenHash: `hash-${n}`,
        now: new Date(s.clock.now()),
      });
      await s.sessions.findByTokenHash(`hash-${n}`);
    }
    await s.clock.advance(21_000);
    for (let n = 0; n < REFRESH_BATCH_SIZE + 1; n++) s.sessions.findHeldByTokenHash(`hash-${n}`);
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.inner.batches).toEqual([REFRESH_BATCH_SIZE, 1]);
  });

  it('lets a session no one reads late in its life expire without reading it', async () => {
    const s = await threeSessions();
    await s.clock.advance(TTL_MS);
    expect(s.inner.batches).toEqual([]);
    expect(s.sessions.findHeldByTokenHash('hash-0')).toBeUndefined();
  });

  it('forgets a session the refresh finds revoked, as a missed message would have said', async () => {
    const s = await threeSessions();
    // Revoked behind the cache's back: no invalidation reaches it.
    await new InMemorySessionStore(s.stores.tables).revoke(s.ids[1], new Date(s.clock.now()));
    await s.clock.advance(21_000);
    await s.readAll();
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.sessions.findHeldByTokenHash('hash-0')).toBeDefined();
    expect(s.sessions.findHeldByTokenHash('hash-1')).toBeUndefined();
    expect((await s.sessions.findByTokenHash('hash-1'))?.revokedAt).not.toBeNull();
  });

  it('stores nothing from a refresh that an invalidation raced', async () => {
    const s = await threeSessions();
    s.inner.beforeBatchAnswers = () => s.sessions.revoke(s.ids[0], new Date(s.clock.now()));
    await s.clock.advance(21_000);
    await s.readAll();
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.sessions.findHeldByTokenHash('hash-0')).toBeUndefined();
    // The others keep their first lifetime and expire with it.
    expect(s.sessions.findHeldByTokenHash('hash-2')).toBeDefined();
    await s.clock.advance(TTL_MS - 21_000);
    expect(s.sessions.findHeldByTokenHash('hash-2')).toBeUndefined();
  });

  it('serves the held sessions until they expire when the refresh fails, and tries again on a later read', async () => {
    const s = await threeSessions();
    s.inner.failBatch = true;
    await s.clock.advance(21_000);
    await s.readAll();
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.sessions.findHeldByTokenHash('hash-0')).toBeDefined();
    s.inner.failBatch = false;
    await s.readAll();
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.inner.batches).toEqual([3, 3]);
    await s.clock.advance(TTL_MS - 1000);
    expect(s.sessions.findHeldByTokenHash('hash-0')).toBeDefined();
  });

  it('keeps the later use when the cached copy was touched after the stored one', async () => {
    const s = await threeSessions();
    await s.clock.advance(21_000);
    const touchedAt = new Date(s.clock.now());
    s.caches.sessions.peek('hash-0')!.lastSeenAt = touchedAt;
    await s.readAll();
    await s.clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(s.sessions.findHeldByTokenHash('hash-0')?.lastSeenAt).toEqual(touchedAt);
  });
});

describe('CachedMemberRepository and CachedTransactionStore refresh ahead too', () => {
  it('reads members in use again in one batch, seeing a change a missed message did not tell', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const member = aMemberRow();
    await stores.members.insert(member);
    const caches = new ReadCaches(new InProcessInvalidationBus(), clock, {
      ttlMs: TTL_MS,
      maxEntries: 100,
    });
    const members = new CachedMemberRepository(stores.members, caches, clock);
    await members.findById(member.id);
    await stores.members.updateName(member.id, 'Renamed Behind The Cache', new Date());
    await clock.advance(21_000);
    expect(members.findHeldById(member.id)?.name).toBe(member.name);
    await clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(members.findHeldById(member.id)?.name).toBe('Renamed Behind The Cache');
  });

  it('moves a pending payment the refresh finds final to the final ones, and keeps final ones in use', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const member = aMemberRow();
    await stores.members.insert(member);
    const id = 'TXNAAAAAAAAAAAAAAAAAAAAAAAA';
    await stores.transactions.createPending({
      transactionId: id,
      memberId: member.id,
      amountSen: 5000 as Sen,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt: new Date(clock.now()),
    });
    const caches = new ReadCaches(new InProcessInvalidationBus(), clock, {
      ttlMs: TTL_MS,
      maxEntries: 100,
    });
    const payments = new CachedTransactionStore(stores.transactions, clock, caches, {
      pendings: { ttlMs: TTL_MS, maxEntries: 100 },
      finals: { ttlMs: 60_000, maxEntries: 100 },
    });
    await payments.findById(id);
    // Completed behind the cache's back (a message this instance missed).
    await stores.transactions.withLockedTransaction(id, (_tx, unit) =>
      unit.finalise('completed', new Date(clock.now())),
    );
    await clock.advance(21_000);
    expect(payments.findHeldById(id)?.status).toBe('pending');
    await clock.advance(REFRESH_BATCH_DELAY_MS);
    expect(payments.findHeldById(id)?.status).toBe('completed');
    // A final payment read late in its life lives on without a read.
    await clock.advance(41_000);
    expect(payments.findHeldById(id)?.status).toBe('completed');
    await clock.advance(40_000);
    expect(payments.findHeldById(id)?.status).toBe('completed');
  });
});
