import { randomUUID } from 'node:crypto';
import { CachedSessionStore } from '../../../../server/adapters/caching/cached-session-store.adapter';
import { CachedTransactionStore } from '../../../../server/adapters/caching/cached-transaction-store.adapter';
import { InProcessInvalidationBus } from '../../../../server/adapters/caching/in-process-invalidation-bus.adapter';
import { InvalidatingUnitOfWork } from '../../../../server/adapters/caching/invalidating-unit-of-work.adapter';
import { ReadCaches } from '../../../../server/adapters/caching/read-caches';
import { GenerationCache } from '../../../../server/adapters/caching/generation-cache';
import { InMemorySessionStore } from '../../../../server/adapters/in-memory/in-memory-session-store.adapter';
import { type SessionRecord } from '../../../../server/domain/session-policy';
import { type Sen } from '../../../../src/contract/money';
import {
  type Invalidation,
  type InvalidationBus,
} from '../../../../server/ports/invalidation-bus.port';
import { FakeClock } from '../../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../../support/in-memory-stores';

jest.setTimeout(30_000);

describe('GenerationCache', () => {
  it('serves an entry until its lifetime ends on the clock', async () => {
    const clock = new FakeClock();
    const cache = new GenerationCache<string, number>(clock, { ttlMs: 1000, maxEntries: 10 });
    cache.setIfUnchanged('a', 1, cache.generation);
    await clock.advance(999);
    expect(cache.get('a')).toBe(1);
    await clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new GenerationCache<string, number>(new FakeClock(), {
      ttlMs: 1000,
      maxEntries: 2,
    });
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      cache.setIfUnchanged(key, value, cache.generation);
    }
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('drops the least recently read entry first, keeping one read since it was stored', () => {
    const cache = new GenerationCache<string, number>(new FakeClock(), {
      ttlMs: 1000,
      maxEntries: 2,
    });
    cache.setIfUnchanged('a', 1, cache.generation);
    cache.setIfUnchanged('b', 2, cache.generation);
    expect(cache.get('a')).toBe(1);
    cache.setIfUnchanged('c', 3, cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('refuses a value read before an invalidation', () => {
    const cache = new GenerationCache<string, number>(new FakeClock(), {
      ttlMs: 1000,
      maxEntries: 2,
    });
    const before = cache.generation;
    cache.delete('other');
    expect(cache.setIfUnchanged('a', 1, before)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});

/** A session store that counts lookups and can hold one until released. */
class CountingSessionStore extends InMemorySessionStore {
  lookups = 0;
  gate: Promise<void> | undefined;

  override async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    this.lookups++;
    const found = await super.findByTokenHash(tokenHash);
    await this.gate;
    return found;
  }
}

/** A bus whose connection the test cuts and restores. */
class SwitchableBus extends InProcessInvalidationBus {
  private down = false;

  override get live(): boolean {
    return !this.down && super.live;
  }

  cut(): void {
    this.down = true;
    void this.publish({ kind: 'everything' });
  }
}

describe('CachedSessionStore', () => {
  async function setUp(bus: InvalidationBus = new InProcessInvalidationBus()) {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const member = aMemberRow();
    await stores.members.insert(member);
    const inner = new CountingSessionStore(stores.tables);
    const caches = new ReadCaches(bus, clock, { ttlMs: 30_000, maxEntries: 100 });
    const sessions = new CachedSessionStore(inner, caches, clock);
    const session = {
      id: randomUUID(),
      memberId: member.id,
      tokenHash: 'hash-1',
      now: new Date(clock.now()),
    };
    await sessions.create(session);
    return { stores, clock, member, inner, caches, sessions, session };
  }

  it('reads a live session once and then serves it from memory', async () => {
    const { inner, sessions } = await setUp();
    await sessions.findByTokenHash('hash-1');
    const again = await sessions.findByTokenHash('hash-1');
    expect(again?.revokedAt).toBeNull();
    expect(inner.lookups).toBe(1);
  });

  it('keeps the cached copy touched, so a check does not write on every call', async () => {
    const { clock, sessions, session } = await setUp();
    await sessions.findByTokenHash('hash-1');
    await clock.advance(61_000);
    await sessions.touch(session.id, new Date(clock.now()));
    expect((await sessions.findByTokenHash('hash-1'))?.lastSeenAt).toEqual(new Date(clock.now()));
  });

  it('does not put back a session a revocation raced: the read began before it', async () => {
    const { inner, sessions, session } = await setUp();
    let release = () => undefined as void;
    inner.gate = new Promise<void>((resolve) => (release = resolve));
    const racing = sessions.findByTokenHash('hash-1');
    await new Promise((resolve) => setImmediate(resolve));
    inner.gate = undefined;
    await sessions.revoke(session.id, new Date());
    release();
    expect((await racing)?.revokedAt).toBeNull();
    expect((await sessions.findByTokenHash('hash-1'))?.revokedAt).not.toBeNull();
    expect(inner.lookups).toBe(2);
  });

  it('reads the store every time while the bus is down, and forgets what it held', async () => {
    const bus = new SwitchableBus();
    const { inner, sessions } = await setUp(bus);
    await sessions.findByTokenHash('hash-1');
    bus.cut();
    await sessions.findByTokenHash('hash-1');
    await sessions.findByTokenHash('hash-1');
    expect(inner.lookups).toBe(3);
  });

  it('forgets a logged-out session even when its id has left the bounded index', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const member = aMemberRow();
    await stores.members.insert(member);
    const inner = new CountingSessionStore(stores.tables);
    const caches = new ReadCaches(new InProcessInvalidationBus(), clock, {
      ttlMs: 30_000,
      maxEntries: 2,
    });
    const sessions = new CachedSessionStore(inner, caches, clock);
    const ids = Array.from({ length: 5 }, () => randomUUID());
    for (const [n, id] of ids.entries()) {
      await sessions.create({
        id,
        memberId: member.id,
        tokenHash: `hash-${n}`,
        now: new Date(clock.now()),
      });
      await sessions.findByTokenHash(`hash-${n}`);
    }
    // The cache holds the last two; the index was trimmed when the fifth came in.
    expect(caches.sessions.size).toBe(2);
    await sessions.revoke(ids[3], new Date(clock.now()));
    expect((await sessions.findByTokenHash('hash-3'))?.revokedAt).not.toBeNull();
  });

  it('forgets a member’s sessions when told by another instance', async () => {
    const bus = new InProcessInvalidationBus();
    const { inner, sessions, member } = await setUp(bus);
    await sessions.findByTokenHash('hash-1');
    await bus.publish({ kind: 'member-sessions', memberId: member.id });
    await sessions.findByTokenHash('hash-1');
    expect(inner.lookups).toBe(2);
  });
});

describe('InvalidatingUnitOfWork', () => {
  it('publishes revocations once the unit has committed, and none for a failed unit', async () => {
    const stores = inMemoryStores();
    const bus = new InProcessInvalidationBus();
    const caches = new ReadCaches(bus, new FakeClock());
    const heard: Invalidation[] = [];
    bus.subscribe((event) => heard.push(event));
    const unitOfWork = new InvalidatingUnitOfWork(stores.unitOfWork, caches);
    const member = aMemberRow();
    await stores.members.insert(member);
    await expect(
      unitOfWork.run(async ({ sessions }) => {
        await sessions.revokeAllForMember(member.id, new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual([]);
    await unitOfWork.run(async ({ sessions, members }) => {
      await members.updatePasswordHash(member.id, 'new-hash', new Date());
      await sessions.revokeAllForMember(member.id, new Date());
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([
      { kind: 'member', memberId: member.id },
      { kind: 'member-sessions', memberId: member.id },
    ]);
  });
});

describe('CachedTransactionStore', () => {
  it('keeps a paid payment in memory and always reads a pending one', async () => {
    const stores = inMemoryStores();
    const member = aMemberRow();
    await stores.members.insert(member);
    let reads = 0;
    const counting = Object.create(stores.transactions) as typeof stores.transactions;
    counting.findById = (id) => {
      reads++;
      return stores.transactions.findById(id);
    };
    const cached = new CachedTransactionStore(counting, new FakeClock());
    const pending = {
      memberId: member.id,
      amountSen: 5000 as Sen,
      paymentMethod: 'qr' as const,
      gateway: 'sandbox',
    };
    const ids = ['TXNAAAAAAAAAAAAAAAAAAAAAAAA', 'TXNBBBBBBBBBBBBBBBBBBBBBBBB'];
    for (const transactionId of ids) {
      await stores.transactions.createPending({ ...pending, transactionId, createdAt: new Date() });
    }
    await stores.transactions.withLockedTransaction(ids[1], (_, unit) =>
      unit.finalise('completed', new Date()),
    );
    for (let i = 0; i < 3; i++) {
      expect((await cached.findById(ids[0]))?.status).toBe('pending');
      expect((await cached.findById(ids[1]))?.status).toBe('completed');
    }
    expect(reads).toBe(3 + 1);
  });
});
