import { type AuditCheckpoint } from '../domain/ops/audit-chain';

/**
 * Keeps each signed checkpoint outside the database (a file in a directory of its own, a log line
 * a log shipper keeps), so someone holding the database cannot cut the log's tail or rewrite it
 * unseen: `verify-audit --witness` checks the database against the latest copy held outside.
 */
export interface AuditWitness {
  /** Called once the checkpoint is committed; a failure is the caller's to report. */
  record(checkpoint: AuditCheckpoint): Promise<void>;
}
