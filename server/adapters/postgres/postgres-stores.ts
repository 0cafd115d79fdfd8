import { PostgresPersonalDataStore } from './postgres-personal-data-store';
import { type Database } from './database';
import { PostgresPasskeyStore } from './postgres-passkey-store';
import { PostgresPaymentHistoryStore } from './postgres-payment-history-store';
import { PostgresLoginFailureStore } from './postgres-login-failure-store';
import { PostgresMemberRepository } from './postgres-member-repository';
import { PostgresSessionStore } from './postgres-session-store';
import { PostgresSmsCodeStore } from './postgres-sms-code-store';
import { PostgresTransactionStore } from './postgres-transaction-store';
import { PostgresUnitOfWork } from './postgres-unit-of-work';

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
  };
}
