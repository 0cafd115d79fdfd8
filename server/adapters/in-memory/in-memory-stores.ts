import { InMemoryPersonalDataStore } from './in-memory-personal-data-store.adapter';
import { InMemoryPasskeyStore } from './in-memory-passkey-store.adapter';
import { InMemoryPaymentHistoryStore } from './in-memory-payment-history-store.adapter';
import { InMemoryLoginFailureStore } from './in-memory-login-failure-store.adapter';
import { InMemoryMemberRepository } from './in-memory-member-repository.adapter';
import { InMemorySessionStore } from './in-memory-session-store.adapter';
import { InMemorySmsCodeStore } from './in-memory-sms-code-store.adapter';
import { InMemoryAuditLog } from './in-memory-audit-log.adapter';
import { InMemoryMemberDirectory } from './in-memory-member-directory.adapter';
import { InMemoryOperatorStore } from './in-memory-operator-store.adapter';
import { InMemoryOperatorApprovalStore } from './in-memory-operator-approvals.adapter';
import { InMemoryPaymentDirectory } from './in-memory-payment-directory.adapter';
import { InMemoryPaymentReports } from './in-memory-payment-reports.adapter';
import { InMemoryRefundStore } from './in-memory-refund-store.adapter';
import { type InMemoryTables } from './in-memory-tables';
import { InMemoryTransactionStore } from './in-memory-transaction-store.adapter';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work.adapter';

/** Every in-memory store, over one set of tables (what one database is to the PostgreSQL ones). */
export function inMemoryStoresOver(tables: InMemoryTables) {
  return {
    passkeys: new InMemoryPasskeyStore(tables),
    personalData: new InMemoryPersonalDataStore(tables),
    members: new InMemoryMemberRepository(tables),
    sessions: new InMemorySessionStore(tables),
    smsCodes: new InMemorySmsCodeStore(tables),
    loginFailures: new InMemoryLoginFailureStore(tables),
    unitOfWork: new InMemoryUnitOfWork(tables),
    transactions: new InMemoryTransactionStore(tables),
    paymentHistory: new InMemoryPaymentHistoryStore(tables),
    operators: new InMemoryOperatorStore(tables),
    audit: new InMemoryAuditLog(tables),
    memberDirectory: new InMemoryMemberDirectory(tables),
    operatorPasskeys: new InMemoryPasskeyStore(tables, 'operators'),
    paymentDirectory: new InMemoryPaymentDirectory(tables),
    paymentReports: new InMemoryPaymentReports(tables),
    refunds: new InMemoryRefundStore(tables),
    operatorApprovalStore: new InMemoryOperatorApprovalStore(tables),
  };
}
