/**
 * @fastify/rate-limit's own stores (its package ships their code without types): the in-memory
 * LRU and the Redis one, which shared-rate-limit.ts composes into the app's store.
 */
declare module '@fastify/rate-limit/store/LocalStore' {
  import { type FastifyRateLimitStore } from '@fastify/rate-limit';
  const LocalStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    cache?: number,
  ) => FastifyRateLimitStore;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore' {
  import { type FastifyRateLimitStore } from '@fastify/rate-limit';
  import { type Redis } from 'ioredis';
  /** Keys are `key` followed by the rate limit's key (an address, a session...). */
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key?: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}
