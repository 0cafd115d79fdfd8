/**
 * What another instance's cache must forget. Caches of sessions, members and payments listen for these so a
 * logout or a password change on one instance is refused by every other one at once.
 */
export type Invalidation =
  /** One session was revoked (logout). */
  | { kind: 'session'; sessionId: string }
  /** Sessions of a member were revoked (password change or reset). */
  | { kind: 'member-sessions'; memberId: string }
  /** A member's row changed (profile update). */
  | { kind: 'member'; memberId: string }
  /** A payment's status changed (a callback, a return from the gateway, reconciliation). */
  | { kind: 'payment'; transactionId: string }
  /** Messages may have been missed (the bus lost its connection): forget everything. */
  | { kind: 'everything' };

export type InvalidationListener = (event: Invalidation) => void;

/**
 * Carries invalidations between the instances sharing one database. While `live` is false the
 * bus may be missing messages, so a cache must serve nothing from memory until it is true again.
 */
export interface InvalidationBus {
  readonly live: boolean;
  /** Resolves once the bus receives messages (or gives up: it then stays not live and retries). */
  start(): Promise<void>;
  publish(event: Invalidation): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: InvalidationListener): () => void;
  close(): Promise<void>;
}

/** The PostgreSQL NOTIFY channel (and Redis channel) the invalidations travel on. */
export const INVALIDATION_CHANNEL = 'cache_invalidation';

/** `kind:id`, short enough for NOTIFY's 8000-byte payload and readable in psql. */
export function encodeInvalidation(event: Invalidation): string {
  switch (event.kind) {
    case 'session':
      return `session:${event.sessionId}`;
    case 'member-sessions':
      return `member-sessions:${event.memberId}`;
    case 'member':
      return `member:${event.memberId}`;
    case 'payment':
      return `payment:${event.transactionId}`;
    case 'everything':
      return 'everything';
  }
}

/** An unreadable message is treated as "forget everything": never keep what might be stale. */
export function decodeInvalidation(payload: string): Invalidation {
  const colon = payload.indexOf(':');
  const kind = colon < 0 ? payload : payload.slice(0, colon);
  const id = colon < 0 ? '' : payload.slice(colon + 1);
  if (id !== '') {
    if (kind === 'session') return { kind, sessionId: id };
    if (kind === 'member-sessions' || kind === 'member') return { kind, memberId: id };
    if (kind === 'payment') return { kind, transactionId: id };
  }
  return { kind: 'everything' };
}
