import { type OpsRole } from '../../../src/contract/ops-roles';
import { type Operator, type OperatorSessionRecord } from '../../domain/ops/operator';
import { type InsertOperatorResult, type OperatorStore } from '../../ports/operator-store.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/** Operators in memory, with PostgresOperatorStore's rules. */
export class InMemoryOperatorStore implements OperatorStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async insert(operator: Operator): Promise<InsertOperatorResult> {
    if (this.tables.operators.find((row) => row.email === operator.email).length > 0) {
      return 'email_taken';
    }
    this.tables.operators.insert(operator.id, operator, this.journal);
    return 'inserted';
  }

  async findById(id: string): Promise<Operator | null> {
    return this.tables.operators.get(id) ?? null;
  }

  async findByEmail(email: string): Promise<Operator | null> {
    const found = this.tables.operators.find((row) => row.email === email)[0];
    return found === undefined ? null : structuredClone(found);
  }

  async list(): Promise<Operator[]> {
    return this.tables.operators
      .all()
      .sort(
        (a, b) =>
          a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || (a.id < b.id ? -1 : 1),
      );
  }

  async countActiveAdmins(): Promise<number> {
    return this.tables.operators.find(
      (row) => row.role === 'admin' && row.disabledAt === null && row.enrolledAt !== null,
    ).length;
  }

  async setRole(id: string, role: OpsRole): Promise<void> {
    this.change(id, (row) => ({ ...row, role }));
  }

  async setDisabled(id: string, at: Date | null): Promise<void> {
    this.change(id, (row) => ({ ...row, disabledAt: at }));
  }

  async enrol(
    id: string,
    factors: { passwordHash: string; totpSecret: string | null },
    at: Date,
  ): Promise<void> {
    this.change(id, (row) => ({ ...row, ...factors, totpLastStep: null, enrolledAt: at }));
  }

  async stageTotpSecret(id: string, secret: string): Promise<void> {
    this.change(id, (row) =>
      row.enrolledAt === null && row.totpSecret === null ? { ...row, totpSecret: secret } : row,
    );
  }

  async clearSecondFactor(id: string): Promise<void> {
    this.change(id, (row) => ({ ...row, totpSecret: null, totpLastStep: null, enrolledAt: null }));
  }

  async acceptTotpStep(id: string, step: number): Promise<boolean> {
    const row = this.tables.operators.get(id);
    if (row === undefined || (row.totpLastStep !== null && row.totpLastStep >= step)) return false;
    this.change(id, (current) => ({ ...current, totpLastStep: step }));
    return true;
  }

  async saveEnrolment(link: {
    tokenHash: string;
    operatorId: string;
    expiresAt: Date;
  }): Promise<void> {
    const earlier = this.tables.operatorEnrolments.find(
      (row) => row.operatorId === link.operatorId && row.usedAt === null,
    );
    for (const { tokenHash } of earlier) {
      this.tables.operatorEnrolments.delete(tokenHash, this.journal);
    }
    this.change(link.operatorId, (row) =>
      row.enrolledAt === null ? { ...row, totpSecret: null } : row,
    );
    this.tables.operatorEnrolments.insert(link.tokenHash, { ...link, usedAt: null }, this.journal);
  }

  async peekEnrolment(tokenHash: string, now: Date): Promise<string | null> {
    const link = this.tables.operatorEnrolments.get(tokenHash);
    return link !== undefined && link.usedAt === null && link.expiresAt > now
      ? link.operatorId
      : null;
  }

  async takeEnrolment(tokenHash: string, now: Date): Promise<string | null> {
    const operatorId = await this.peekEnrolment(tokenHash, now);
    if (operatorId === null) return null;
    this.tables.operatorEnrolments.update(
      tokenHash,
      (link) => ({ ...link, usedAt: now }),
      this.journal,
    );
    return operatorId;
  }

  async createSession(session: OperatorSessionRecord & { tokenHash: string }): Promise<void> {
    this.tables.operatorSessions.insert(session.id, session, this.journal);
  }

  async findSessionByTokenHash(tokenHash: string): Promise<OperatorSessionRecord | null> {
    const found = this.tables.operatorSessions.find((row) => row.tokenHash === tokenHash)[0];
    if (found === undefined) return null;
    const { tokenHash: _hash, ...session } = structuredClone(found);
    return session;
  }

  async touchSession(id: string, at: Date): Promise<void> {
    this.tables.operatorSessions.update(
      id,
      (row) => ({ ...row, lastSeenAt: at > row.lastSeenAt ? at : row.lastSeenAt }),
      this.journal,
    );
  }

  async stepUpSession(id: string, at: Date): Promise<void> {
    this.tables.operatorSessions.update(
      id,
      (row) => ({ ...row, secondFactorAt: at > row.secondFactorAt ? at : row.secondFactorAt }),
      this.journal,
    );
  }

  async revokeSession(id: string, at: Date): Promise<void> {
    this.tables.operatorSessions.update(
      id,
      (row) => (row.revokedAt === null ? { ...row, revokedAt: at } : row),
      this.journal,
    );
  }

  async revokeSessionsOf(operatorId: string, at: Date): Promise<number> {
    const live = this.tables.operatorSessions.find(
      (row) => row.operatorId === operatorId && row.revokedAt === null,
    );
    for (const { id } of live) await this.revokeSession(id, at);
    return live.length;
  }

  private change(id: string, update: (row: Operator) => Operator): void {
    this.tables.operators.update(id, update, this.journal);
  }
}
