import {
  type OperatorApprovalStore,
  type PendingOperatorChange,
  type UnconfirmedOperator,
} from '../../ports/operator-approvals.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

const bySinceThenId = (a: UnconfirmedOperator, b: UnconfirmedOperator) =>
  a.since.getTime() - b.since.getTime() || (a.operatorId < b.operatorId ? -1 : 1);

/** The two-person rules' state in memory, with PostgresOperatorApprovalStore's rules. */
export class InMemoryOperatorApprovalStore implements OperatorApprovalStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  /** Units of work already run one at a time in memory: the admin set needs no lock of its own. */
  async lockAdminSet(): Promise<void> {}

  async markUnconfirmed(operator: UnconfirmedOperator): Promise<void> {
    const table = this.tables.operatorUnconfirmed;
    if (table.get(operator.operatorId) !== undefined) {
      table.update(operator.operatorId, () => ({ ...operator }), this.journal);
    } else table.insert(operator.operatorId, { ...operator }, this.journal);
  }

  async findUnconfirmed(operatorId: string): Promise<UnconfirmedOperator | null> {
    return this.tables.operatorUnconfirmed.get(operatorId) ?? null;
  }

  async listUnconfirmed(): Promise<UnconfirmedOperator[]> {
    return this.tables.operatorUnconfirmed.all().sort(bySinceThenId);
  }

  async confirm(operatorId: string): Promise<boolean> {
    return this.tables.operatorUnconfirmed.delete(operatorId, this.journal);
  }

  async requestChange(change: PendingOperatorChange): Promise<'requested' | 'pending_exists'> {
    const waiting = this.tables.operatorChanges.find((row) => row.operatorId === change.operatorId);
    if (waiting.length > 0) return 'pending_exists';
    this.tables.operatorChanges.insert(change.id, { ...change }, this.journal);
    return 'requested';
  }

  async findChange(id: string): Promise<PendingOperatorChange | null> {
    return this.tables.operatorChanges.get(id) ?? null;
  }

  async listChanges(): Promise<PendingOperatorChange[]> {
    return this.tables.operatorChanges
      .all()
      .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  async closeChange(id: string): Promise<boolean> {
    return this.tables.operatorChanges.delete(id, this.journal);
  }
}
