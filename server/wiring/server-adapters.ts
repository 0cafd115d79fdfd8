import { type PasskeyStore } from '../ports/passkey-store.port';
import { type PaymentReports } from '../ports/payment-reports.port';
import { type RefundStore } from '../ports/refund-store.port';
import { type OpsAdapters } from './ops';
import { type AuditLog } from '../ports/audit-log.port';
import { type MemberDirectory } from '../ports/member-directory.port';
import { type PaymentDirectory } from '../ports/payment-directory.port';
import { type OperatorStore } from '../ports/operator-store.port';
import { type OperatorApprovalStore } from '../ports/operator-approvals.port';
import { type Database } from '../adapters/postgres/database';
import { type Clock } from '../ports/clock.port';
import { type GatewayStatusClient } from '../ports/gateway-status-client.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type MemberRepository } from '../ports/member-repository.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type PaymentGateway } from '../ports/payment-gateway.port';
import { type PaymentSigner } from '../ports/payment-signer.port';
import { type Random } from '../ports/random.port';
import { type SessionStore } from '../ports/session-store.port';
import { type SmsCodeStore } from '../ports/sms-code-store.port';
import { type SmsOutbox, type SmsSender } from '../ports/sms-sender.port';
import { type TransactionStore } from '../ports/transaction-store.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { type PaymentHistoryAdapters } from './payment-history';
import { type SecurityStores } from './security';

/** The adapters a test (or main) may replace. */
export interface ContainerOverrides {
  db: Database;
  clock: Clock;
  random: Random;
  hasher: PasswordHasher;
  smsSender: SmsSender;
  smsOutbox: SmsOutbox;
}

/** The stores over one database (postgresStoresOver) or one set of tables (inMemoryStoresOver). */
export interface ServerStores
  extends Pick<PaymentHistoryAdapters, 'paymentHistory'>, SecurityStores {
  members: MemberRepository;
  sessions: SessionStore;
  smsCodes: SmsCodeStore;
  loginFailures: LoginFailureStore;
  unitOfWork: UnitOfWork;
  transactions: TransactionStore;
  /** The operator console's stores (also in every unit of work). */
  operators: OperatorStore;
  audit: AuditLog;
  memberDirectory: MemberDirectory;
  operatorPasskeys: PasskeyStore;
  /** The console's reads of payments, their messages and refunds. */
  paymentDirectory: PaymentDirectory;
  /** The console's summary by day and CSV export (read-only, outside units of work). */
  paymentReports: PaymentReports;
  refunds: RefundStore;
  /** The two-person rules' state (also in every unit of work). */
  operatorApprovalStore: OperatorApprovalStore;
}

/** Every adapter the use cases run on: what the PostgreSQL and in-memory containers choose. */
export interface ServerAdapters
  extends ContainerOverrides, ServerStores, PaymentHistoryAdapters, OpsAdapters {
  paymentSigner: PaymentSigner;
  /** The sandbox-style gateway's status transport (unused with GATEWAY=billplz). */
  gatewayStatusClient: GatewayStatusClient;
  /** The gateway GATEWAY chose; by default built from the adapters above (paymentGatewayFor). */
  paymentGateway?: PaymentGateway;
  /**
   * A code request waits for its SMS: true for an in-process sender (the development outbox, a
   * test's fake), where no provider's time can tell anything; by default only SMS_PROVIDER=console.
   */
  smsSendWaits?: boolean;
}
