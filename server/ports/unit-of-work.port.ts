import { type AuditLog } from './audit-log.port';
import { type LoginFailureStore } from './login-failure-store.port';
import { type MemberDirectory } from './member-directory.port';
import { type OperatorStore } from './operator-store.port';
import { type OperatorApprovalStore } from './operator-approvals.port';
import { type PasskeyStore } from './passkey-store.port';
import { type MemberRepository } from './member-repository.port';
import { type PersonalDataStore } from './personal-data.port';
import { type RefundStore } from './refund-store.port';
import { type SessionStore } from './session-store.port';
import { type SmsCodeStore } from './sms-code-store.port';
import { type SmsSendQueue } from './sms-send-queue.port';

export interface TransactionalStores {
  members: MemberRepository;
  sessions: SessionStore;
  smsCodes: SmsCodeStore;
  /** The SMS send queue: a code's message is queued in the code's transaction. */
  smsMessages: SmsSendQueue;
  loginFailures: LoginFailureStore;
  personalData: PersonalDataStore;
  /** The console's: operators, the audit log (an action and its entry commit together). */
  operators: OperatorStore;
  audit: AuditLog;
  memberDirectory: MemberDirectory;
  /** Operators' passkeys (their second factor instead of a TOTP app). */
  operatorPasskeys: PasskeyStore;
  /** Refunds: each step and its audit entry commit together. */
  refunds: RefundStore;
  /** The two-person rules: the admin set's lock, unconfirmed operators, changes to approve. */
  operatorApprovals: OperatorApprovalStore;
}

/**
 * Runs work in one database transaction: everything commits together, or nothing does when
 * the callback throws (a failed write, a lost connection). Every change of more than one row
 * goes through it: a code's use and its effect, a password and the sessions it revokes, a
 * login's session and the failures it forgets.
 */
export interface UnitOfWork {
  run<T>(work: (stores: TransactionalStores) => Promise<T>): Promise<T>;
}
