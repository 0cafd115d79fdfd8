import {
  type AuditChainStatus,
  type AuditEntryDto,
  type AuditListResponse,
} from '../../../src/contract/ops-api';
import { type AuditCheckpoint, type AuditEntry, entryFields } from '../../domain/ops/audit-chain';
import { checkpointRecord } from '../../domain/ops/audit-checkpoints';
import {
  type AuditExportItem,
  type AuditPage,
  type ChainReport,
} from '../../use-cases/ops/audit-trail.use-case';

/** The audit log as the console and a third-party verifier read it. */

const entryDto = (entry: AuditEntry): AuditEntryDto => ({
  ...entryFields(entry),
  hash: entry.hash,
});

export const checkpointDto = (checkpoint: AuditCheckpoint) => ({
  entries: checkpoint.entries,
  head_hash: checkpoint.headHash,
  signed_at: checkpoint.signedAt.toISOString(),
});

const chainStatus = (report: ChainReport): AuditChainStatus => ({
  verified: report.verified,
  entries: report.entries,
  first_bad_seq: report.firstBadSeq,
  last_checkpoint: report.lastCheckpoint === null ? null : checkpointDto(report.lastCheckpoint),
});

export const auditListResponse = (page: AuditPage): AuditListResponse => ({
  items: page.entries.map(entryDto),
  next_cursor: page.nextCursor,
  chain: chainStatus(page.chain),
  target_labels: page.targets,
});

/** One line of the JSON Lines export. */
export function exportLine(item: AuditExportItem): string {
  switch (item.kind) {
    case 'header':
      return `${JSON.stringify({ kind: 'header', algorithm: item.algorithm, key_id: item.keyId, public_key: item.publicKeyPem })}\n`;
    case 'entry':
      return `${JSON.stringify({ kind: 'entry', ...entryDto(item.entry) })}\n`;
    case 'checkpoint':
      // As the witness keeps it: previous_hash on each checkpoint that names the one before.
      return `${JSON.stringify(checkpointRecord(item.checkpoint))}\n`;
  }
}
