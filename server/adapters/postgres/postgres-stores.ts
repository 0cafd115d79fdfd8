import { PostgresPersonalDataStore } from './postgres-personal-data-store.adapter';
import { OPERATOR_PASSKEYS, PostgresPasskeyStore } from './postgres-passkey-store.adapter';
import { type Database } from './database';
import { PostgresAuditLog } from './postgres-audit-log.adapter';
import { PostgresMemberDirectory } from './postgres-member-directory.adapter';
import { PostgresOperatorStore } from './postgres-operator-store.adapter';
import { PostgresOperatorApprovalStore } from './postgres-operator-approvals.adapter';
import { PostgresPaymentDirectory } from './postgres-payment-directory.adapter';
import { PostgresPaymentHistoryStore } from './postgres-payment-history-store.adapter';
import { PostgresPaymentReports } from './postgres-payment-reports.adapter';
import { PostgresRefundStore } from './postgres-refund-store.adapter';
import { PostgresLoginFailureStore } from './postgres-login-failure-store.adapter';
import { PostgresMemberRepository } from './postgres-member-repository.adapter';
import { PostgresSessionStore } from './postgres-session-store.adapter';
import { PostgresSmsCodeStore } from './postgres-sms-code-store.adapter';
import { PostgresTransactionStore } from './postgres-transaction-store.adapter';
import { PostgresUnitOfWork } from './postgres-unit-of-work.adapter';

/** Every PostgreSQL store, over one database (PGlite or a server). */
export function postgresStoresOver(db: Database) {
  return {
    passkeys: new PostgresPasskeyStore(db),
    personalData: new PostgresPersonalDataStore(db),
    members: new PostgresMemberRepository(db),
    sessions: new PostgresSessionStore(db),
    smsCodes: new PostgresSmsCodeStore(db),
    loginFailures: new PostgresLoginFailureStore(db),
    unitOfWork: new PostgresUnitOfWork(db),
    transactions: new PostgresTransactionStore(db),
    paymentHistory: new PostgresPaymentHistoryStore(db),
    operators: new PostgresOperatorStore(db),
    audit: new PostgresAuditLog(db),
    memberDirectory: new PostgresMemberDirectory(db),
    operatorPasskeys: new PostgresPasskeyStore(db, OPERATOR_PASSKEYS),
    paymentDirectory: new PostgresPaymentDirectory(db),
    paymentReports: new PostgresPaymentReports(db),
    refunds: new PostgresRefundStore(db),
    operatorApprovalStore: new PostgresOperatorApprovalStore(db),
  };
}
