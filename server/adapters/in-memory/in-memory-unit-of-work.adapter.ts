import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { InMemoryLoginFailureStore } from './in-memory-login-failure-store.adapter';
import { InMemoryMemberRepository } from './in-memory-member-repository.adapter';
import { InMemorySessionStore } from './in-memory-session-store.adapter';
import { InMemorySmsCodeStore } from './in-memory-sms-code-store.adapter';
import { InMemorySmsMessageQueue } from './in-memory-sms-message-queue.adapter';
import { InMemoryPersonalDataStore } from './in-memory-personal-data-store.adapter';
import { InMemoryAuditLog } from './in-memory-audit-log.adapter';
import { InMemoryMemberDirectory } from './in-memory-member-directory.adapter';
import { InMemoryOperatorStore } from './in-memory-operator-store.adapter';
import { InMemoryOperatorApprovalStore } from './in-memory-operator-approvals.adapter';
import { InMemoryPasskeyStore } from './in-memory-passkey-store.adapter';
import { InMemoryRefundStore } from './in-memory-refund-store.adapter';
import { type InMemoryTables, UndoJournal } from './in-memory-tables';

/**
 * The in-memory unit of work guarantees:
 *  - atomicity: when `work` throws, every write it made through the stores it was handed is
 *    undone (newest first) before the error reaches the caller; when it returns, they stay;
 *  - serialisation: units run one at a time, in call order (as on PGlite's one connection), so
 *    the locks a unit takes on PostgreSQL (a phone, an address, the newest code) hold for its
 *    whole run.
 * It does not isolate: code outside any unit sees a unit's writes before it ends, and an undo
 * restores whole rows, so a write made outside the unit to a row the unit also wrote is lost
 * when the unit fails. Calling `run` from inside `work` waits forever (PGlite would too).
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  constructor(private readonly tables: InMemoryTables) {}

  run<T>(work: (stores: TransactionalStores) => Promise<T>): Promise<T> {
    return this.tables.unitOfWorkLock.run(async () => {
      const journal = new UndoJournal();
      try {
        return await work({
          members: new InMemoryMemberRepository(this.tables, journal),
          sessions: new InMemorySessionStore(this.tables, journal),
          smsCodes: new InMemorySmsCodeStore(this.tables, journal),
          smsMessages: new InMemorySmsMessageQueue(this.tables, journal),
          loginFailures: new InMemoryLoginFailureStore(this.tables, journal),
          personalData: new InMemoryPersonalDataStore(this.tables, journal),
          operators: new InMemoryOperatorStore(this.tables, journal),
          audit: new InMemoryAuditLog(this.tables, journal),
          memberDirectory: new InMemoryMemberDirectory(this.tables, journal),
          operatorPasskeys: new InMemoryPasskeyStore(this.tables, 'operators'),
          refunds: new InMemoryRefundStore(this.tables, journal),
          operatorApprovals: new InMemoryOperatorApprovalStore(this.tables, journal),
        });
      } catch (error) {
        journal.rollback();
        throw error;
      }
    });
  }
}
