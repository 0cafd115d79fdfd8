import { createHash, createHmac } from 'node:crypto';
import { type Config } from '../config';
import { Ed25519AuditSigner } from '../adapters/ops/ed25519-audit-signer.adapter';
import { OtpauthTotp } from '../adapters/ops/otpauth-totp.adapter';
import {
  allWitnesses,
  FileAuditWitness,
  LogAuditWitness,
} from '../adapters/ops/audit-witness.adapter';
import { type InfoLogger } from '../adapters/logging/forwarding-logger.adapter';
import { type AuditWitness } from '../ports/audit-witness.port';
import { SignedCursors } from '../domain/ops/signed-cursor';
import { type AuditLog } from '../ports/audit-log.port';
import { type AuditSigner } from '../ports/audit-signer.port';
import { type Clock } from '../ports/clock.port';
import { type LoginFailureStore } from '../ports/login-failure-store.port';
import { type PasswordHasher } from '../ports/password-hasher.port';
import { type Random } from '../ports/random.port';
import { type Totp } from '../ports/totp.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { AuditTrailUseCase } from '../use-cases/ops/audit-trail.use-case';
import { AuditTargets } from '../use-cases/ops/audit-targets';
import { ManageOperatorsUseCase } from '../use-cases/ops/manage-operators.use-case';
import { OperatorApprovalsUseCase } from '../use-cases/ops/operator-approvals.use-case';
import { MemberSupportUseCase } from '../use-cases/ops/member-support.use-case';
import { OperatorAuthUseCase } from '../use-cases/ops/operator-auth.use-case';
import { OperatorPasskeysUseCase } from '../use-cases/ops/operator-passkeys.use-case';
import { OperatorSignInLockUseCase } from '../use-cases/ops/operator-sign-in-lock.use-case';
import { type Logger } from '../ports/logger.port';
import { type PasskeyStore } from '../ports/passkey-store.port';
import { type PaymentReports } from '../ports/payment-reports.port';
import { PaymentReportsUseCase } from '../use-cases/ops/payment-reports.use-case';
import { type PaymentGateways } from '../ports/payment-gateways.port';
import { RefundsUseCase } from '../use-cases/ops/refunds.use-case';
import { StepUpUseCase } from '../use-cases/ops/step-up.use-case';
import { type PaymentDirectory } from '../ports/payment-directory.port';
import { type TransactionStore } from '../ports/transaction-store.port';
import { type ApplyPaymentCallbackUseCase } from '../use-cases/apply-payment-callback.use-case';
import { PaymentRequeryUseCase } from '../use-cases/ops/payment-requery.use-case';
import { PaymentSupportUseCase } from '../use-cases/ops/payment-support.use-case';

/** The console's own adapters: its second factor and the audit checkpoints' key. */
export interface OpsAdapters {
  totp: Totp;
  auditSigner: AuditSigner;
  /** Counts operators locked by wrong second factors (the container's metric), when given. */
  secondFactorLocks?: { inc(): void };
}

/**
 * AUDIT_SIGNING_KEY when set; otherwise a key derived from SMS_CODE_PEPPER, a secret the server
 * alone holds (the gateway shares GATEWAY_SECRET), so checkpoints still verify after a restart.
 */
export function opsAdaptersFor(config: Config): OpsAdapters {
  const key = config.ops.auditSigningKey;
  const auditSigner =
    key !== undefined
      ? Ed25519AuditSigner.fromSetting(key)
      : Ed25519AuditSigner.fromSeed(
          createHash('sha256').update(`audit-signing-key:${config.smsCodePepper}`).digest(),
        );
  return { totp: new OtpauthTotp('Member Portal console'), auditSigner };
}

/**
 * The key of the console's page cursors (SignedCursors), derived from SMS_CODE_PEPPER, a secret
 * the server alone holds: every instance signs and opens the same cursors.
 */
const cursorsFor = (config: Config) =>
  new SignedCursors(
    createHmac('sha256', config.smsCodePepper).update('console-cursor-key').digest(),
  );

/** Each checkpoint kept outside the database: a file in AUDIT_WITNESS_DIR and a log line. */
function auditWitness(config: Config, logger: Logger): AuditWitness {
  const dir = config.ops.auditWitnessDir;
  const logs = typeof (logger as Partial<InfoLogger>).info === 'function';
  return allWitnesses([
    ...(dir === undefined ? [] : [new FileAuditWitness(dir)]),
    ...(logs ? [new LogAuditWitness(logger as Logger & InfoLogger)] : []),
  ]);
}

export interface OpsUseCases {
  operatorAuth: OperatorAuthUseCase;
  /** An operator's passkey as their second factor. */
  operatorPasskeyFactor: OperatorPasskeysUseCase;
  manageOperators: ManageOperatorsUseCase;
  /** An admin clears an operator's sign-in lock. */
  operatorSignInLock: OperatorSignInLockUseCase;
  /** Operator changes that wait for a second admin, and operators awaiting confirmation. */
  operatorApprovals: OperatorApprovalsUseCase;
  memberSupport: MemberSupportUseCase;
  auditTrail: AuditTrailUseCase;
  /** The payments summary by Malaysia day and the CSV export of a search. */
  paymentReporting: PaymentReportsUseCase;
  /** Refunds with two people, each step after a recent second factor. */
  refundActions: RefundsUseCase;
  /** The second factor again (refund actions ask for it every five minutes). */
  stepUp: StepUpUseCase;
  /** Find payments, read one payment's page, the refunds queue. */
  paymentSupport: PaymentSupportUseCase;
  /** Ask the gateway now about one payment. */
  paymentRequery: PaymentRequeryUseCase;
}

export function wireOps(
  adapters: OpsAdapters & {
    unitOfWork: UnitOfWork;
    loginFailures: LoginFailureStore;
    hasher: PasswordHasher;
    clock: Clock;
    random: Random;
    audit: AuditLog;
    operatorPasskeys: PasskeyStore;
    paymentReports: PaymentReports;
    paymentGateways: PaymentGateways;
    paymentDirectory: PaymentDirectory;
    transactions: TransactionStore;
    applyPaymentCallback: ApplyPaymentCallbackUseCase;
  },
  config: Config,
  logger: Logger,
): OpsUseCases {
  const { unitOfWork, clock, random } = adapters;
  return {
    ...signInUseCases(adapters, config, logger),
    manageOperators: new ManageOperatorsUseCase(unitOfWork, clock, random),
    operatorApprovals: new OperatorApprovalsUseCase(unitOfWork, clock, random),
    memberSupport: new MemberSupportUseCase(
      unitOfWork,
      clock,
      config.loginMaxFailures,
      cursorsFor(config),
    ),
    auditTrail: new AuditTrailUseCase(adapters.audit, unitOfWork, adapters.auditSigner, clock, {
      witness: auditWitness(config, logger),
      checkpointIntervalMs: config.ops.auditCheckpointIntervalS * 1000,
      targets: new AuditTargets(unitOfWork, adapters.paymentDirectory),
    }),
    paymentReporting: new PaymentReportsUseCase(adapters.paymentReports, unitOfWork, clock),
    refundActions: new RefundsUseCase(unitOfWork, adapters.paymentGateways, clock, random),
    paymentSupport: new PaymentSupportUseCase(adapters.paymentDirectory, adapters.paymentGateways),
    paymentRequery: new PaymentRequeryUseCase(
      adapters.transactions,
      adapters.paymentGateways,
      adapters.applyPaymentCallback,
      clock,
    ),
  };
}

type SignInUseCases = Pick<
  OpsUseCases,
  'operatorAuth' | 'operatorPasskeyFactor' | 'stepUp' | 'operatorSignInLock'
>;

/**
 * Sign-in, step-up and the admin's clearing of a sign-in lock. An operator locked by wrong second
 * factors is an alert: the metric ops_second_factor_locks_total and a warning (no one named; the
 * audit log's operator.second_factor_locked says who).
 */
function signInUseCases(
  adapters: Parameters<typeof wireOps>[0],
  config: Config,
  logger: Logger,
): SignInUseCases {
  const { unitOfWork, clock, random, loginFailures, totp, operatorPasskeys } = adapters;
  // Read per use: OPS_PUBLIC_URL names the console's origin, its passkeys' relying party.
  const consoleParty = {
    name: () => `${config.merchantName} console`,
    publicUrl: () => config.ops.publicUrl,
  };
  const warn = (message: string) => logger.warn({}, `console: ${message}`);
  const locked = () => {
    adapters.secondFactorLocks?.inc();
    warn(
      'an operator is locked out after wrong second factors (see operator.second_factor_locked)',
    );
  };
  const max = config.loginMaxFailures;
  return {
    operatorAuth: new OperatorAuthUseCase(
      unitOfWork,
      loginFailures,
      adapters.hasher,
      totp,
      clock,
      random,
      max,
      locked,
    ),
    operatorPasskeyFactor: new OperatorPasskeysUseCase(
      unitOfWork,
      operatorPasskeys,
      loginFailures,
      adapters.hasher,
      clock,
      random,
      consoleParty,
      warn,
      max,
    ),
    stepUp: new StepUpUseCase(
      unitOfWork,
      loginFailures,
      totp,
      operatorPasskeys,
      clock,
      random,
      consoleParty,
      warn,
      max,
      locked,
    ),
    operatorSignInLock: new OperatorSignInLockUseCase(unitOfWork, clock),
  };
}
