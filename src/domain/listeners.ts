/** Stops listening; calling it twice is harmless. */
export type Unsubscribe = () => void;

/**
 * What the timed use cases extend to be listened to: view-models subscribe, render what they are
 * told, and unsubscribe when their screen unmounts. Synchronous, in subscription order.
 */
export abstract class EventSource<E> {
  private readonly listeners = new Set<(event: E) => void>();
  private silenced = false;

  subscribe(listener: (event: E) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  protected tell(event: E): void {
    if (this.silenced) return;
    for (const listener of [...this.listeners]) listener(event);
  }

  /** The use case was disposed: its listeners are let go and nobody is told anything more. */
  protected endTelling(): void {
    this.silenced = true;
    this.listeners.clear();
  }

  /** endTelling() was called: the use case was disposed. */
  protected get disposed(): boolean {
    return this.silenced;
  }
}

/** An EventSource of a state that it keeps: `state` is the latest, told to every listener. */
export abstract class StateSource<S> extends EventSource<S> {
  constructor(private current: S) {
    super();
  }

  get state(): S {
    return this.current;
  }

  protected update(state: S): void {
    this.current = state;
    this.tell(state);
  }
}
