import {
  type AuditCheckpoint,
  type AuditEntry,
  type AuditEntryInput,
} from '../domain/ops/audit-chain';

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Entries before this sequence number (keyset paging, newest first). */
  beforeSeq?: number;
  limit: number;
}

/**
 * The append-only audit log. `append` runs inside the unit of work of the action it records, so
 * the two commit together or not at all; appends are serialised across instances (one at a time
 * extends the chain).
 */
export interface AuditLog {
  append(entry: AuditEntryInput): Promise<AuditEntry>;
  /** Newest first. */
  list(filter: AuditFilter): Promise<AuditEntry[]>;
  /** Entries in order of seq, from `afterSeq` on, at most `limit` (for verifying and exports). */
  page(afterSeq: number, limit: number): Promise<AuditEntry[]>;
  /** The last entry's place and hash; null while the log is empty. */
  head(): Promise<{ seq: number; hash: string } | null>;
  /**
   * As head, after taking the lock appenders take, held until the unit of work ends: nothing is
   * appended, and no other checkpoint signed, between reading the head and signing it.
   */
  lockHead(): Promise<{ seq: number; hash: string } | null>;
  saveCheckpoint(checkpoint: AuditCheckpoint): Promise<void>;
  /** Oldest first. */
  checkpoints(): Promise<AuditCheckpoint[]>;
  /** The checkpoint covering the most entries; null while there is none. */
  lastCheckpoint(): Promise<AuditCheckpoint | null>;
}
