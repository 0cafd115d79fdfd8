/** Stops listening; calling it twice is harmless. */
export type Unsubscribe = () => void;

/**
 * The small event source the timed use cases expose: view-models subscribe, render what they are
 * told, and unsubscribe when their screen unmounts. Synchronous, in subscription order.
 */
export class Listeners<E> {
  private readonly listeners = new Set<(event: E) => void>();

  add(listener: (event: E) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: E): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  clear(): void {
    this.listeners.clear();
  }
}
