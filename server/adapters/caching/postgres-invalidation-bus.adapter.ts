import { Client } from 'pg';
import {
  decodeInvalidation,
  encodeInvalidation,
  INVALIDATION_CHANNEL,
  type Invalidation,
  type InvalidationBus,
  type InvalidationListener,
} from '../../ports/invalidation-bus.port';
import { type Database } from '../postgres/database';
import { Listeners } from './in-process-invalidation-bus.adapter';

/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'cache-invalidation-listener';

export interface PostgresInvalidationBusOptions {
  /** The LISTEN connection's own address (a pooled connection cannot keep a LISTEN). */
  databaseUrl: string;
  /** How often the LISTEN connection is pinged, so a silent partition is noticed. */
  pingIntervalMs?: number;
  /** First and longest wait between reconnection attempts. */
  retryMinMs?: number;
  retryMaxMs?: number;
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/**
 * Invalidations over PostgreSQL LISTEN/NOTIFY. Publishing is `pg_notify` on the database (session
 * revocations also notify from inside their own UPDATE); listening is one dedicated connection.
 * When it drops (a restart, a failover, a partition the ping notices) the bus goes not live, so
 * the caches empty and serve nothing, and it reconnects with a growing wait.
 */
export class PostgresInvalidationBus implements InvalidationBus {
  private readonly listeners = new Listeners();
  private client: Client | undefined;
  private closed = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresInvalidationBusOptions,
  ) {
    this.retryMs = options.retryMinMs ?? 100;
  }

  get live(): boolean {
    return this.listeners.live;
  }

  start(): Promise<void> {
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  publish(event: Invalidation): Promise<void> {
    return notify(this.db, event);
  }

  subscribe(listener: InvalidationListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    this.listeners.down();
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.options.databaseUrl,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 3000,
      query_timeout: 3000,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    // Without a listener, a lost connection's 'error' would end the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL) return;
      this.listeners.emit(decodeInvalidation(message.payload ?? ''));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.options.onError?.(error as Error);
      this.scheduleRetry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = this.options.retryMinMs ?? 100;
    this.listeners.up();
    this.pingTimer = setInterval(() => {
      client.query('SELECT 1').catch((error: Error) => this.lost(client, error));
    }, this.options.pingIntervalMs ?? 5000);
    this.pingTimer.unref();
  }

  /** The listening connection is gone: serve nothing from memory, and reconnect. */
  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.pingTimer);
    this.listeners.down();
    if (error) this.options.onError?.(error);
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.retryMaxMs ?? 2000);
    this.retryTimer = setTimeout(() => void this.start(), wait);
    this.retryTimer.unref();
  }
}

/** PGlite is one connection in this process: it LISTENs on it (NOTIFY arrives on commit). */
export class PGliteInvalidationBus implements InvalidationBus {
  private readonly listeners = new Listeners();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Database) {}

  get live(): boolean {
    return this.listeners.live;
  }

  async start(): Promise<void> {
    if (this.unlisten !== undefined) return;
    if (this.db.listen === undefined) throw new Error('this database cannot LISTEN');
    this.unlisten = await this.db.listen(INVALIDATION_CHANNEL, (payload) =>
      this.listeners.emit(decodeInvalidation(payload)),
    );
    this.listeners.up();
  }

  publish(event: Invalidation): Promise<void> {
    return notify(this.db, event);
  }

  subscribe(listener: InvalidationListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.down();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    // The database may be closed first by its owner; nothing is left to unlisten then.
    await unlisten?.().catch(() => undefined);
  }
}

/** Publishing is the same for both buses: a NOTIFY on the database every instance listens to. */
async function notify(db: Database, event: Invalidation): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, encodeInvalidation(event)]);
}
