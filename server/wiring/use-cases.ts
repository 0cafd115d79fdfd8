import { randomBytes } from 'node:crypto';
import { type Config } from '../config';
import { type Logger } from '../ports/logger.port';
import { type PaymentGateways } from '../ports/payment-gateways.port';
import { ApplyPaymentCallbackUseCase } from '../use-cases/apply-payment-callback.use-case';
import { AuthenticateSessionUseCase } from '../use-cases/authenticate-session.use-case';
import { CheckMemberExistsUseCase } from '../use-cases/check-member-exists.use-case';
import { CreatePaymentRequestUseCase } from '../use-cases/create-payment-request.use-case';
import { GetPaymentStatusUseCase } from '../use-cases/get-payment-status.use-case';
import { GetProfileUseCase } from '../use-cases/get-profile.use-case';
import { GetTransactionDetailsUseCase } from '../use-cases/get-transaction-details.use-case';
import { LoginUseCase } from '../use-cases/login.use-case';
import { LogoutUseCase } from '../use-cases/logout.use-case';
import { PurgeStaleRecordsUseCase } from '../use-cases/purge-stale-records.use-case';
import { ReconcilePendingPaymentsUseCase } from '../use-cases/reconcile-pending-payments.use-case';
import { RegisterMemberUseCase } from '../use-cases/register-member.use-case';
import { ResetPasswordUseCase } from '../use-cases/reset-password.use-case';
import { ReturnFromGatewayUseCase } from '../use-cases/return-from-gateway.use-case';
import { RecordSmsDeliveryUseCase } from '../use-cases/record-sms-delivery.use-case';
import { SendSmsCodeUseCase } from '../use-cases/send-sms-code.use-case';
import { SmsSendQueueUseCase } from '../use-cases/sms-send-queue.use-case';
import { UpdateProfileUseCase } from '../use-cases/update-profile.use-case';
import { sweepBudgetMs } from '../settings/jobs';
import { paymentGatewaysFor } from './gateways';
import { type OpsUseCases, wireOps } from './ops';
import { type PaymentHistoryUseCases, wirePaymentHistory } from './payment-history';
import { type SecurityUseCases, wireSecurity } from './security';
import { type ServerAdapters } from './server-adapters';

/** The use cases, wired once (wireUseCases) whatever adapters serve them. */
export interface ServerUseCases extends PaymentHistoryUseCases, SecurityUseCases, OpsUseCases {
  login: LoginUseCase;
  logout: LogoutUseCase;
  authenticateSession: AuthenticateSessionUseCase;
  sendSmsCode: SendSmsCodeUseCase;
  /** The SMS send queue's worker: the `sms-send` job's run. */
  smsSendQueue: SmsSendQueueUseCase;
  recordSmsDelivery: RecordSmsDeliveryUseCase;
  checkMemberExists: CheckMemberExistsUseCase;
  registerMember: RegisterMemberUseCase;
  resetPassword: ResetPasswordUseCase;
  getProfile: GetProfileUseCase;
  updateProfile: UpdateProfileUseCase;
  createPaymentRequest: CreatePaymentRequestUseCase;
  getPaymentStatus: GetPaymentStatusUseCase;
  getTransactionDetails: GetTransactionDetailsUseCase;
  applyPaymentCallback: ApplyPaymentCallbackUseCase;
  reconcilePendingPayments: ReconcilePendingPaymentsUseCase;
  returnFromGateway: ReturnFromGatewayUseCase;
  /** Every configured gateway by name (GATEWAYS), the one for new payments first. */
  paymentGateways: PaymentGateways;
  purgeStaleRecords: PurgeStaleRecordsUseCase;
}

/**
 * The send queue's timing: four attempts, 2 s then 4 s and 8 s apart, within a code's life; an
 * attempt not settled a minute after it began (sends time out after 10 s) was cut short.
 */
const SMS_QUEUE = { maxAttempts: 4, retryDelayMs: 2000, leaseMs: 60_000, batch: 20 };

/** The use cases on the given adapters: the one place they are wired, whatever serves them. */
export function wireUseCases(
  adapters: ServerAdapters,
  config: Config,
  log: Logger,
): ServerUseCases {
  const { clock, random, hasher, smsSender } = adapters;
  const { members, sessions, smsCodes, loginFailures, unitOfWork } = adapters;
  const { transactions, paymentSigner } = adapters;
  // gateways: each payment is served by the gateway that took it (wiring/gateways.ts).
  const paymentGateways = paymentGatewaysFor(adapters, config);
  const codePolicy = { pepper: config.smsCodePepper, maxAttempts: config.otpMaxAttempts };
  const smsSendQueue = new SmsSendQueueUseCase(
    unitOfWork,
    smsSender,
    clock,
    {
      pepper: config.smsCodePepper,
      ...SMS_QUEUE,
      waitForSend: adapters.smsSendWaits ?? config.smsProvider === 'console',
    },
    (outcome) => {
      if (outcome === 'failed') log.warn({}, 'sms: a code could not be sent after its attempts');
    },
    (error) => log.warn({ err: error }, 'sms: the send queue failed'),
  );

  const applyPaymentCallback = new ApplyPaymentCallbackUseCase(
    transactions,
    paymentGateways,
    clock,
  );
  const reconcilePendingPayments = new ReconcilePendingPaymentsUseCase(
    transactions,
    paymentGateways,
    applyPaymentCallback,
    clock,
    {
      reconcileAfterS: config.reconcileAfterS,
      batchSize: 50,
      budgetMs: sweepBudgetMs(config.reconcileIntervalS),
    },
    (context, message) => log.warn(context, `payments: ${message}`),
  );

  return {
    login: new LoginUseCase(
      members,
      loginFailures,
      unitOfWork,
      hasher,
      clock,
      random,
      config.loginMaxFailures,
    ),
    logout: new LogoutUseCase(sessions, clock),
    authenticateSession: new AuthenticateSessionUseCase(sessions, clock, (error) =>
      log.warn({ err: error }, 'sessions: recording their use failed'),
    ),
    sendSmsCode: new SendSmsCodeUseCase(
      unitOfWork,
      smsSender,
      clock,
      random,
      {
        ttlS: config.otpTtlS,
        resendCooldownS: config.smsResendCooldownS,
        perPhonePerHour: config.smsPerPhonePerHour,
        perAddressPerHour: config.smsPerAddressPerHour,
        pepper: config.smsCodePepper,
        brand: config.smsBrand,
        webOtpDomain: config.smsWebOtpDomain,
      },
      (error) => log.warn({ err: error }, 'sms: recording what the provider answered failed'),
      smsSendQueue,
    ),
    smsSendQueue,
    recordSmsDelivery: new RecordSmsDeliveryUseCase(unitOfWork, clock),
    checkMemberExists: new CheckMemberExistsUseCase(members),
    registerMember: new RegisterMemberUseCase(
      unitOfWork,
      members,
      smsCodes,
      hasher,
      clock,
      random,
      codePolicy,
    ),
    resetPassword: new ResetPasswordUseCase(unitOfWork, smsCodes, hasher, clock, codePolicy),
    getProfile: new GetProfileUseCase(members),
    updateProfile: new UpdateProfileUseCase(members, unitOfWork, hasher, clock),
    createPaymentRequest: new CreatePaymentRequestUseCase(
      transactions,
      paymentSigner,
      paymentGateways,
      clock,
      async (memberId) => {
        const member = await members.findById(memberId);
        return member ? { name: member.name, phoneNo: member.phoneNo } : null;
      },
      randomBytes,
      () => ({ clientId: config.gatewayClientId, publicUrl: config.publicUrl }),
    ),
    getPaymentStatus: new GetPaymentStatusUseCase(transactions, reconcilePendingPayments),
    getTransactionDetails: new GetTransactionDetailsUseCase(
      transactions,
      reconcilePendingPayments,
      adapters.paymentHistory,
    ),
    applyPaymentCallback,
    reconcilePendingPayments,
    paymentGateways,
    returnFromGateway: new ReturnFromGatewayUseCase(
      paymentGateways,
      transactions,
      reconcilePendingPayments,
      clock,
    ),
    purgeStaleRecords: new PurgeStaleRecordsUseCase(smsCodes, loginFailures, sessions, clock),
    ...wirePaymentHistory(adapters, config, reconcilePendingPayments),
    ...wireSecurity(adapters, config, log),
    ...wireOps({ ...adapters, paymentGateways, applyPaymentCallback }, config, log),
  };
}
