import { randomUUID } from 'node:crypto';
import { CachedSessionStore } from '../../../../server/adapters/caching/cached-session-store.adapter';
import { InProcessInvalidationBus } from '../../../../server/adapters/caching/in-process-invalidation-bus.adapter';
import { ReadCaches } from '../../../../server/adapters/caching/read-caches';
import { FakeClock } from '../../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../../support/in-memory-stores';

describe('CachedSessionStore.touchMany', () => {
  it('writes a batch of uses through the store and keeps the cached copies in step', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const member = aMemberRow();
    await stores.members.insert(member);
    const caches = new ReadCaches(new InProcessInvalidationBus(), clock, {
      ttlMs: 30_000,
      maxEntries: 100,
    });
    const sessions = new CachedSessionStore(stores.sessions, caches, clock);
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await sessions.create({
        id,
        memberId: member.id,
        tokenHash: `hash-${i}`,
        now: new Date(clock.now()),
      });
      await sessions.findByTokenHash(`hash-${i}`); // now cached
    }
    await clock.advance(90_000);
    const usedAt = new Date(clock.now());
    await sessions.touchMany(new Map(ids.map((id) => [id, usedAt])));
    for (const i of [0, 1]) {
      // The cached copy (served from memory) and the store's row both moved.
      expect((await sessions.findByTokenHash(`hash-${i}`))?.lastSeenAt).toEqual(usedAt);
      expect((await stores.sessions.findByTokenHash(`hash-${i}`))?.lastSeenAt).toEqual(usedAt);
    }
    caches.close();
  });
});
