import {
  type AuditCheckpoint,
  type AuditEntry,
  type AuditEntryInput,
  chainEntry,
} from '../../domain/ops/audit-chain';
import { type AuditFilter, type AuditLog } from '../../ports/audit-log.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/** The audit log in memory: one process appends one entry at a time by itself. */
export class InMemoryAuditLog implements AuditLog {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async append(input: AuditEntryInput): Promise<AuditEntry> {
    const entry = chainEntry(await this.head(), input);
    this.tables.auditLog.insert(String(entry.seq), entry, this.journal);
    return structuredClone(entry);
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    return this.tables.auditLog
      .all()
      .filter(
        (entry) =>
          (filter.actorId === undefined || entry.actorId === filter.actorId) &&
          (filter.action === undefined || entry.action === filter.action) &&
          (filter.targetId === undefined || entry.targetId === filter.targetId) &&
          (filter.from === undefined || entry.at >= filter.from) &&
          (filter.to === undefined || entry.at < filter.to) &&
          (filter.beforeSeq === undefined || entry.seq < filter.beforeSeq),
      )
      .sort((a, b) => b.seq - a.seq)
      .slice(0, filter.limit);
  }

  async page(afterSeq: number, limit: number): Promise<AuditEntry[]> {
    return this.tables.auditLog
      .all()
      .filter((entry) => entry.seq > afterSeq)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit);
  }

  async head(): Promise<{ seq: number; hash: string } | null> {
    let last: Readonly<AuditEntry> | undefined;
    for (const entry of this.tables.auditLog.find(() => true)) {
      if (last === undefined || entry.seq > last.seq) last = entry;
    }
    return last === undefined ? null : { seq: last.seq, hash: last.hash };
  }

  /** One process: appends and checkpoints already run one at a time in the unit of work. */
  lockHead(): Promise<{ seq: number; hash: string } | null> {
    return this.head();
  }

  async saveCheckpoint(checkpoint: AuditCheckpoint): Promise<void> {
    const key = String(checkpoint.entries);
    if (!this.tables.auditCheckpoints.has(key)) {
      this.tables.auditCheckpoints.insert(key, checkpoint, this.journal);
    }
  }

  async checkpoints(): Promise<AuditCheckpoint[]> {
    return this.tables.auditCheckpoints.all().sort((a, b) => a.entries - b.entries);
  }

  async lastCheckpoint(): Promise<AuditCheckpoint | null> {
    return (await this.checkpoints()).pop() ?? null;
  }
}
