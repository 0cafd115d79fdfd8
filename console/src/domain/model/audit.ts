import { Expose, Type } from 'class-transformer';
import type { AuditListResponse } from '../../../../src/contract/ops-api';
import { readAnswer } from './read-answer';

/** One audit entry as the audit page reads it (the wire's AuditEntryDto). */
export class AuditEntry {
  @Expose() seq = 0;
  @Expose() at = '';
  @Expose({ name: 'actor_id' }) actorId: string | null = null;
  @Expose({ name: 'actor_name' }) actorName = '';
  @Expose({ name: 'actor_role' }) actorRole: string | null = null;
  @Expose() address: string | null = null;
  @Expose() action = '';
  @Expose({ name: 'target_type' }) targetType: string | null = null;
  @Expose({ name: 'target_id' }) targetId: string | null = null;
  @Expose() reason: string | null = null;
  @Expose() changes: Record<string, { before: unknown; after: unknown }> | null = null;
  @Expose({ name: 'prev_hash' }) prevHash = '';
  @Expose() hash = '';
}

/** The last signed checkpoint: when, and how many entries it covers. */
export class AuditCheckpoint {
  @Expose({ name: 'signed_at' }) signedAt = '';
  @Expose() entries = 0;
}

/** Whether the hash chain verifies, or its first bad entry. */
export class AuditChain {
  @Expose() verified = false;
  @Expose() entries = 0;
  @Expose({ name: 'first_bad_seq' }) firstBadSeq: number | null = null;
  @Expose({ name: 'last_checkpoint' })
  @Type(() => AuditCheckpoint)
  lastCheckpoint: AuditCheckpoint | null = null;
}

/** A page of the audit log, the chain's status and the entries' targets by name. */
export class AuditPage {
  @Expose() @Type(() => AuditEntry) items: AuditEntry[] = [];
  @Expose({ name: 'next_cursor' }) nextCursor: string | null = null;
  @Expose() @Type(() => AuditChain) chain = new AuditChain();
  /** Keyed `${targetType}:${targetId}`: an operator's name, a masked member, a receipt number. */
  @Expose({ name: 'target_labels' }) targetLabels: Record<string, string> = {};
}

export const toAuditPage = (wire: AuditListResponse): AuditPage => readAnswer(AuditPage, wire);
