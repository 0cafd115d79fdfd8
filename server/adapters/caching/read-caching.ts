import { type Config } from '../../config';
import { type Clock } from '../../ports/clock.port';
import { type MemberRepository } from '../../ports/member-repository.port';
import { type SessionStore } from '../../ports/session-store.port';
import { type TransactionStore } from '../../ports/transaction-store.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { type Database } from '../postgres/database';
import { type InvalidationBus } from '../../ports/invalidation-bus.port';
import { CachedMemberRepository } from './cached-member-repository.adapter';
import { CachedSessionStore } from './cached-session-store.adapter';
import {
  CachedTransactionStore,
  DEFAULT_PENDING_PAYMENT_CACHE,
} from './cached-transaction-store.adapter';
import { InvalidatingUnitOfWork } from './invalidating-unit-of-work.adapter';
import {
  PGliteInvalidationBus,
  PostgresInvalidationBus,
} from './postgres-invalidation-bus.adapter';
import { DEFAULT_READ_CACHE_OPTIONS, ReadCaches } from './read-caches';
import { RedisInvalidationBus } from './redis-invalidation-bus.adapter';

/** The adapters whose reads are cached, and what the caches need (the container's adapters). */
export interface CacheableAdapters {
  db: Database;
  clock: Clock;
  sessions: SessionStore;
  members: MemberRepository;
  unitOfWork: UnitOfWork;
  transactions: TransactionStore;
}

export interface ReadCaching<A extends CacheableAdapters> {
  adapters: A;
  /** The bus the caches listen to; undefined when nothing is cached. */
  bus?: InvalidationBus;
  close(): Promise<void>;
}

/**
 * The database adapters with sessions, members and payments (pending ones too) read from memory, invalidated
 * across instances: through Redis when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY (or
 * PGlite's, within its one process). Unchanged when READ_CACHE_TTL_MS is 0 or no bus can listen
 * (a PostgreSQL database handed in without its URL).
 */
export async function cacheReads<A extends CacheableAdapters>(
  adapters: A,
  config: Config,
  onError: (error: Error) => void = () => undefined,
): Promise<ReadCaching<A>> {
  const bus = config.readCacheTtlMs > 0 ? busFor(adapters, config, onError) : undefined;
  if (bus === undefined) {
    return { adapters, close: async () => undefined };
  }
  // A bus that cannot connect yet keeps trying; until then it is not live and nothing is cached.
  await bus.start().catch(onError);
  const caches = new ReadCaches(bus, adapters.clock, {
    ...DEFAULT_READ_CACHE_OPTIONS,
    ttlMs: config.readCacheTtlMs,
  });
  const transactions = new CachedTransactionStore(adapters.transactions, adapters.clock, caches, {
    pendings: { ...DEFAULT_PENDING_PAYMENT_CACHE, ttlMs: config.readCacheTtlMs },
  });
  return {
    bus,
    adapters: {
      ...adapters,
      sessions: new CachedSessionStore(adapters.sessions, caches, adapters.clock),
      members: new CachedMemberRepository(adapters.members, caches, adapters.clock),
      unitOfWork: new InvalidatingUnitOfWork(adapters.unitOfWork, caches),
      transactions,
    },
    async close() {
      transactions.close();
      caches.close();
      await bus.close();
    },
  };
}

function busFor(
  adapters: CacheableAdapters,
  config: Config,
  onError: (error: Error) => void,
): InvalidationBus | undefined {
  if (config.redisUrl !== undefined) {
    return new RedisInvalidationBus({ redisUrl: config.redisUrl, onError });
  }
  const db = adapters.db;
  if (db.kind === 'pglite' && db.listen !== undefined) return new PGliteInvalidationBus(db);
  if (db.kind === 'postgres' && config.databaseUrl !== undefined) {
    return new PostgresInvalidationBus(db, { databaseUrl: config.databaseUrl, onError });
  }
  return undefined;
}
