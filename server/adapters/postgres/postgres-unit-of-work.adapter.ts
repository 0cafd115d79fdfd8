import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { type Database } from './database';
import { PostgresAuditLog } from './postgres-audit-log.adapter';
import { PostgresMemberDirectory } from './postgres-member-directory.adapter';
import { PostgresOperatorStore } from './postgres-operator-store.adapter';
import { PostgresOperatorApprovalStore } from './postgres-operator-approvals.adapter';
import { OPERATOR_PASSKEYS, PostgresPasskeyStore } from './postgres-passkey-store.adapter';
import { PostgresLoginFailureStore } from './postgres-login-failure-store.adapter';
import { PostgresMemberRepository } from './postgres-member-repository.adapter';
import { PostgresSessionStore } from './postgres-session-store.adapter';
import { PostgresSmsCodeStore } from './postgres-sms-code-store.adapter';
import { PostgresSmsMessageQueue } from './postgres-sms-message-queue.adapter';
import { PostgresPersonalDataStore } from './postgres-personal-data-store.adapter';
import { PostgresRefundStore } from './postgres-refund-store.adapter';

export class PostgresUnitOfWork implements UnitOfWork {
  constructor(private readonly db: Database) {}

  run<T>(work: (stores: TransactionalStores) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        members: new PostgresMemberRepository(tx),
        sessions: new PostgresSessionStore(tx),
        smsCodes: new PostgresSmsCodeStore(tx),
        smsMessages: new PostgresSmsMessageQueue(tx),
        loginFailures: new PostgresLoginFailureStore(tx),
        personalData: new PostgresPersonalDataStore(tx),
        operators: new PostgresOperatorStore(tx),
        audit: new PostgresAuditLog(tx),
        memberDirectory: new PostgresMemberDirectory(tx),
        operatorPasskeys: new PostgresPasskeyStore(tx, OPERATOR_PASSKEYS),
        refunds: new PostgresRefundStore(tx),
        operatorApprovals: new PostgresOperatorApprovalStore(tx),
      }),
    );
  }
}
