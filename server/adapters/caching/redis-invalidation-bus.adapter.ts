import { Redis } from 'ioredis';
import * as bus from '../../ports/invalidation-bus.port';
import { Listeners } from './in-process-invalidation-bus.adapter';

export interface RedisInvalidationBusOptions {
  redisUrl: string;
  onError?: (error: Error) => void;
}

/**
 * Invalidations over Redis pub/sub (REDIS_URL). A subscriber connection listens; another one
 * publishes, failing at once rather than queueing while Redis is away. ioredis reconnects; the
 * bus subscribes again and is live only once Redis has confirmed it, and until then the caches
 * serve nothing (a message published before the confirmation could be missed).
 */
export class RedisInvalidationBus implements bus.InvalidationBus {
  private readonly listeners = new Listeners();
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  /**
   * ioredis puts REDIS_URL's `?keyPrefix=` before keys but not before pub/sub channels: it goes
   * before the channel here, so deployments (or test runs) sharing one Redis keep to their own.
   */
  private readonly channel: string;

  constructor(options: RedisInvalidationBusOptions) {
    const common = {
      lazyConnect: true,
      connectTimeout: 3000,
      retryStrategy: (times: number) => Math.min(100 * 2 ** times, 2000),
    };
    this.subscriber = new Redis(options.redisUrl, { ...common, autoResubscribe: false });
    this.publisher = new Redis(options.redisUrl, {
      ...common,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    this.channel = `${this.subscriber.options.keyPrefix ?? ''}${bus.INVALIDATION_CHANNEL}`;
    const report = (error: Error) => options.onError?.(error);
    this.subscriber.on('error', report);
    this.publisher.on('error', report);
    this.subscriber.on('close', () => this.listeners.down());
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(() => this.listeners.up(), report);
    });
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.channel) this.listeners.emit(bus.decodeInvalidation(payload));
    });
  }

  get live(): boolean {
    return this.listeners.live;
  }

  async start(): Promise<void> {
    await Promise.all([this.subscriber.connect(), this.publisher.connect()]);
    // The 'ready' handler subscribes too; subscribing twice is harmless, and this one is awaited.
    await this.subscriber.subscribe(this.channel);
    this.listeners.up();
  }

  async publish(event: bus.Invalidation): Promise<void> {
    await this.publisher.publish(this.channel, bus.encodeInvalidation(event));
  }

  subscribe(listener: bus.InvalidationListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.down();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
