import {
  type Invalidation,
  type InvalidationBus,
  type InvalidationListener,
} from '../../ports/invalidation-bus.port';

/**
 * Listeners of one bus, and the live flag every bus shares: going down tells them to forget
 * everything (messages may be missed from now on), coming back up tells them again (messages
 * may have been missed meanwhile).
 */
export class Listeners {
  private readonly listeners = new Set<InvalidationListener>();
  private isLive = false;

  get live(): boolean {
    return this.isLive;
  }

  add(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: Invalidation): void {
    for (const listener of this.listeners) listener(event);
  }

  up(): void {
    this.emit({ kind: 'everything' });
    this.isLive = true;
  }

  down(): void {
    this.isLive = false;
    this.emit({ kind: 'everything' });
  }
}

/** One process, one instance: what this instance publishes is all there is to hear. */
export class InProcessInvalidationBus implements InvalidationBus {
  private readonly listeners = new Listeners();

  constructor() {
    this.listeners.up();
  }

  get live(): boolean {
    return this.listeners.live;
  }

  async start(): Promise<void> {}

  async publish(event: Invalidation): Promise<void> {
    this.listeners.emit(event);
  }

  subscribe(listener: InvalidationListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.down();
  }
}
