import { Redis } from 'ioredis';
import {
  LISTENER_APPLICATION_NAME,
  PostgresInvalidationBus,
} from '../../../../server/adapters/caching/postgres-invalidation-bus.adapter';
import { RedisInvalidationBus } from '../../../../server/adapters/caching/redis-invalidation-bus.adapter';
import { type Database, openDatabase } from '../../../../server/adapters/postgres/database';
import {
  decodeInvalidation,
  encodeInvalidation,
  type Invalidation,
} from '../../../../server/ports/invalidation-bus.port';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';
import { millisecondsUntil } from '../../support/instances';
import { isolatedRedisUrl, redisForTests, TEST_REDIS_URL } from '../../support/redis';

jest.setTimeout(30_000);

describe('invalidation messages', () => {
  it('round-trip, and anything unreadable means forget everything', () => {
    const events: Invalidation[] = [
      { kind: 'session', sessionId: 's1' },
      { kind: 'member-sessions', memberId: 'm1' },
      { kind: 'member', memberId: 'm1' },
      { kind: 'everything' },
    ];
    for (const event of events)
      expect(decodeInvalidation(encodeInvalidation(event))).toEqual(event);
    expect(decodeInvalidation('session:')).toEqual({ kind: 'everything' });
    expect(decodeInvalidation('what:ever')).toEqual({ kind: 'everything' });
  });
});

if (eachDatabase().includes('postgres')) {
  describe('PostgresInvalidationBus', () => {
    let scratch: ScratchDatabase;
    let db: Database;
    beforeAll(async () => {
      scratch = await createScratchDatabase();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    });
    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });

    it('delivers on commit only, goes not live when its connection is killed, and reconnects', async () => {
      const bus = new PostgresInvalidationBus(db, { databaseUrl: scratch.url, retryMinMs: 20 });
      const heard: Invalidation[] = [];
      bus.subscribe((event) => heard.push(event));
      try {
        await bus.start();
        expect(bus.live).toBe(true);
        expect(heard).toEqual([{ kind: 'everything' }]);
        heard.length = 0;
        await db.transaction(async (tx) => {
          await tx.query(`SELECT pg_notify('cache_invalidation', 'member:m1')`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(heard).toEqual([]);
        });
        await millisecondsUntil(async () => heard.length > 0);
        expect(heard).toEqual([{ kind: 'member', memberId: 'm1' }]);

        heard.length = 0;
        await db.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [LISTENER_APPLICATION_NAME],
        );
        await millisecondsUntil(async () => !bus.live);
        expect(heard).toContainEqual({ kind: 'everything' });
        await millisecondsUntil(async () => bus.live, 5000);
        heard.length = 0;
        await bus.publish({ kind: 'session', sessionId: 's1' });
        await millisecondsUntil(async () => heard.length > 0);
        expect(heard).toEqual([{ kind: 'session', sessionId: 's1' }]);
      } finally {
        await bus.close();
      }
    });
  });
}

if (redisForTests()) {
  describe('RedisInvalidationBus', () => {
    it('carries messages between instances, and is not live while its subscription is gone', async () => {
      // Its own channel (the URL's keyPrefix) and its own connection name: other suites running
      // beside it neither hear these messages nor lose their subscriptions to the kill below.
      const { url: isolated, prefix } = isolatedRedisUrl();
      const url = new URL(isolated);
      url.searchParams.set('connectionName', prefix.replace(/\W/g, '-'));
      const one = new RedisInvalidationBus({ redisUrl: url.toString() });
      const two = new RedisInvalidationBus({ redisUrl: url.toString() });
      const stranger = new RedisInvalidationBus({ redisUrl: TEST_REDIS_URL });
      const strangerHeard: Invalidation[] = [];
      stranger.subscribe((event) => {
        if (event.kind !== 'everything') strangerHeard.push(event);
      });
      const admin = new Redis(TEST_REDIS_URL);
      const killOurSubscribers = async () => {
        const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
        for (const line of clients.split('\n')) {
          const id = /\bid=(\d+)/.exec(line)?.[1];
          if (id && line.includes(` name=${prefix.replace(/\W/g, '-')} `)) {
            await admin.call('CLIENT', 'KILL', 'ID', id);
          }
        }
      };
      const heard: Invalidation[] = [];
      const messages = () => heard.filter((event) => event.kind !== 'everything');
      two.subscribe((event) => heard.push(event));
      try {
        await Promise.all([one.start(), two.start(), stranger.start()]);
        // Coming up says "forget everything" (it may have missed messages before).
        expect(heard).toContainEqual({ kind: 'everything' });
        await one.publish({ kind: 'member', memberId: 'm2' });
        await millisecondsUntil(async () => messages().length > 0);
        expect(messages()).toEqual([{ kind: 'member', memberId: 'm2' }]);

        heard.length = 0;
        await killOurSubscribers();
        await millisecondsUntil(async () => !two.live);
        expect(heard).toContainEqual({ kind: 'everything' });
        await millisecondsUntil(async () => two.live, 5000);
        heard.length = 0;
        await one.publish({ kind: 'session', sessionId: 's2' });
        await millisecondsUntil(async () => messages().length > 0);
        expect(messages()).toEqual([{ kind: 'session', sessionId: 's2' }]);
        // A bus without the prefix is on another channel: it heard none of it, and stayed up.
        expect(strangerHeard).toEqual([]);
        expect(stranger.live).toBe(true);
      } finally {
        await one.close();
        await two.close();
        await stranger.close();
        admin.disconnect();
      }
    });
  });
}
