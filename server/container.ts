import { randomBytes } from 'node:crypto';
import { type Config } from './config';
import { CryptoRandom } from './adapters/crypto-random';
import { cacheReads } from './adapters/caching/read-caching';
import { Argon2PasswordHasher } from './adapters/hashing/argon2-password-hasher';
import { type Database, openDatabase } from './adapters/postgres/database';
import { PortalMetrics } from './adapters/metrics/portal-metrics';
import { migrate } from './adapters/postgres/migrate';
import { postgresStoresOver } from './adapters/postgres/postgres-stores';
import { ConsoleSmsSender, EmptySmsOutbox } from './adapters/sms/console-sms-sender';
import { TwilioSmsSender } from './adapters/sms/twilio-sms-sender';
import { SystemClock } from './adapters/system-clock';
import { HmacSha256PaymentSigner } from './adapters/payments/hmac-sha256-payment-signer';
import { HttpGatewayStatusClient } from './adapters/payments/http-gateway-status-client';
import { type GatewayStatusClient } from './ports/gateway-status-client.port';
import { type PaymentGateway } from './ports/payment-gateway.port';
import { paymentGatewayFor } from './adapters/gateways/payment-gateway.factory';
import { paymentGatewaysFor } from './gateways.wiring';
import { type PaymentGateways } from './ports/payment-gateways.port';
import { ReturnFromGatewayUseCase } from './use-cases/return-from-gateway.use-case';
import { type PaymentSigner } from './ports/payment-signer.port';
import { type TransactionStore } from './ports/transaction-store.port';
import { ApplyPaymentCallbackUseCase } from './use-cases/apply-payment-callback.use-case';
import { CreatePaymentRequestUseCase } from './use-cases/create-payment-request.use-case';
import { GetPaymentStatusUseCase } from './use-cases/get-payment-status.use-case';
import { GetTransactionDetailsUseCase } from './use-cases/get-transaction-details.use-case';
import { PurgeStaleRecordsUseCase } from './use-cases/purge-stale-records.use-case';
import { ReconcilePendingPaymentsUseCase } from './use-cases/reconcile-pending-payments.use-case';
import { type Clock } from './ports/clock.port';
import { type LoginFailureStore } from './ports/login-failure-store.port';
import { type MemberRepository } from './ports/member-repository.port';
import { type PasswordHasher } from './ports/password-hasher.port';
import { type Random } from './ports/random.port';
import { type SessionStore } from './ports/session-store.port';
import { type SmsCodeStore } from './ports/sms-code-store.port';
import { type SmsOutbox, type SmsSender } from './ports/sms-sender.port';
import { type UnitOfWork } from './ports/unit-of-work.port';
import * as history from './payment-history.wiring'; // the payment history and receipts
import { InMemoryGatewayStatusClient } from './adapters/in-memory/in-memory-gateway-status-client';
import { inMemoryStoresOver } from './adapters/in-memory/in-memory-stores';
import { InMemoryTables } from './adapters/in-memory/in-memory-tables';
import { RecordingSmsSender } from './adapters/in-memory/recording-sms-sender';
import { SqlFreeDatabase } from './adapters/in-memory/sql-free-database';
import { AuthenticateSessionUseCase } from './use-cases/authenticate-session.use-case';
import { CheckMemberExistsUseCase } from './use-cases/check-member-exists.use-case';
import { GetProfileUseCase } from './use-cases/get-profile.use-case';
import { LoginUseCase } from './use-cases/login.use-case';
import { LogoutUseCase } from './use-cases/logout.use-case';
import { RegisterMemberUseCase } from './use-cases/register-member.use-case';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case';
import { SendSmsCodeUseCase } from './use-cases/send-sms-code.use-case';
import { UpdateProfileUseCase } from './use-cases/update-profile.use-case';

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
export interface ServerStores extends Pick<history.PaymentHistoryAdapters, 'paymentHistory'> {
  members: MemberRepository;
  sessions: SessionStore;
  smsCodes: SmsCodeStore;
  loginFailures: LoginFailureStore;
  unitOfWork: UnitOfWork;
  transactions: TransactionStore;
}

/** Every adapter the use cases run on: what the PostgreSQL and in-memory containers choose. */
export interface ServerAdapters
  extends ContainerOverrides, ServerStores, history.PaymentHistoryAdapters {
  paymentSigner: PaymentSigner;
  /** The sandbox-style gateway's status transport (unused with GATEWAY=billplz). */
  gatewayStatusClient: GatewayStatusClient;
  /** The gateway GATEWAY chose; by default built from the adapters above (paymentGatewayFor). */
  paymentGateway?: PaymentGateway;
}

/** The use cases, wired once (wireUseCases) whatever adapters serve them. */
export interface ServerUseCases extends history.PaymentHistoryUseCases {
  login: LoginUseCase;
  logout: LogoutUseCase;
  authenticateSession: AuthenticateSessionUseCase;
  sendSmsCode: SendSmsCodeUseCase;
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
 * The server's composition root: adapters and use cases in a plain typed object. createContainer
 * serves them from PostgreSQL or PGlite (opening the database also applies pending migrations,
 * so a container is always ready to serve); createInMemoryContainer from memory (tests).
 */
export interface ServerContainer extends ServerAdapters, ServerUseCases {
  config: Config;
  /** Prometheus metrics of this container (served by main on METRICS_PORT). */
  metrics: PortalMetrics;
  close(): Promise<void>;
}

export async function createContainer(
  config: Config,
  overrides: Partial<ContainerOverrides> = {},
): Promise<ServerContainer> {
  // metrics: the ports below are wrapped so that the use cases know nothing of the counting.
  const metrics = new PortalMetrics();
  const db = metrics.meterDatabase(
    overrides.db ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        onConnectionError: () => metrics.databaseConnectionsLost.inc(),
      })),
  );
  try {
    await migrate(db);
  } catch (error) {
    if (!overrides.db) await db.close().catch(() => undefined);
    throw error;
  }

  const clock = overrides.clock ?? new SystemClock();
  const random = overrides.random ?? new CryptoRandom();
  const hasher = overrides.hasher ?? new Argon2PasswordHasher();
  // A silent log level (tests) also keeps codes out of the console; the outbox still has them.
  const smsLog = config.logLevel === 'silent' ? () => undefined : undefined;
  const consoleSender =
    config.smsProvider === 'console' ? new ConsoleSmsSender(clock, smsLog) : undefined;
  const smsSender = overrides.smsSender ?? consoleSender ?? new TwilioSmsSender(config.twilio);
  const smsOutbox = overrides.smsOutbox ?? consoleSender ?? new EmptySmsOutbox();

  // payments: URLs are read per use (config.publicUrl may be set after listen, as in tests).
  const stores = postgresStoresOver(db);
  const paymentSigner = new HmacSha256PaymentSigner(config.gatewaySecret);
  const gatewayStatusClient = new HttpGatewayStatusClient(() => config.gatewayStatusUrl);

  const adapters: ServerAdapters = {
    db,
    clock,
    random,
    hasher,
    smsSender: metrics.meterSmsSender(smsSender),
    smsOutbox,
    ...stores,
    transactions: metrics.meterTransactionStore(stores.transactions),
    paymentSigner,
    gatewayStatusClient,
    paymentGateway: metrics.meterPaymentGateway(
      paymentGatewayFor(config, paymentSigner, clock, gatewayStatusClient),
    ),
  };
  // Sessions, members and final payments read from memory, invalidated across instances.
  const caching = await cacheReads(adapters, config, (error) => {
    if (config.logLevel !== 'silent') console.warn(`cache invalidation: ${error.message}`);
  });
  return {
    config,
    metrics,
    ...caching.adapters,
    ...wireUseCases(caching.adapters, config),
    async close() {
      await caching.close();
      // Closing a database the caller handed in is the caller's business.
      if (!overrides.db) await db.close();
    },
  };
}

/** What createInMemoryContainer lets a test replace; the rest defaults to fresh in-memory fakes. */
export interface InMemoryContainerOverrides extends Partial<ServerAdapters> {
  /** The shared state of the in-memory stores (to share it between containers or inspect it). */
  tables: InMemoryTables;
}

export interface InMemoryServerContainer extends ServerContainer {
  tables: InMemoryTables;
}

/**
 * The whole server on in-memory adapters: no database, no SMS provider, no network. Stores share
 * one InMemoryTables; SMS codes go to a RecordingSmsSender (also the dev outbox); the payment
 * gateway is the one GATEWAY names (the sandbox adapter by default) over an in-memory status
 * endpoint that knows no payment until told, or the `paymentGateway` given (for example an
 * InMemoryPaymentGateway). Any adapter can be replaced; use cases are wired exactly as in
 * createContainer. The unit of work's guarantees are in InMemoryUnitOfWork.
 */
export function createInMemoryContainer(
  config: Config,
  overrides: Partial<InMemoryContainerOverrides> = {},
): InMemoryServerContainer {
  const { tables: givenTables, ...adapterOverrides } = overrides;
  const tables = givenTables ?? new InMemoryTables();
  const clock = overrides.clock ?? new SystemClock();
  const recorder = new RecordingSmsSender(clock);
  const paymentSigner =
    overrides.paymentSigner ?? new HmacSha256PaymentSigner(config.gatewaySecret);
  const gatewayStatusClient = overrides.gatewayStatusClient ?? new InMemoryGatewayStatusClient();
  const adapters: ServerAdapters = {
    db: new SqlFreeDatabase(),
    random: new CryptoRandom(),
    hasher: new Argon2PasswordHasher(),
    smsSender: recorder,
    smsOutbox: recorder,
    ...inMemoryStoresOver(tables),
    paymentSigner,
    gatewayStatusClient,
    paymentGateway: paymentGatewayFor(config, paymentSigner, clock, gatewayStatusClient),
    ...withoutUndefined(adapterOverrides),
    clock,
  };
  return {
    config,
    tables,
    // Counted here: HTTP requests only (the ports are the tests' fakes, left unwrapped).
    metrics: new PortalMetrics(),
    ...adapters,
    ...wireUseCases(adapters, config),
    async close() {},
  };
}

/** The use cases on the given adapters: the one place they are wired, whatever serves them. */
export function wireUseCases(adapters: ServerAdapters, config: Config): ServerUseCases {
  const { clock, random, hasher, smsSender } = adapters;
  const { members, sessions, smsCodes, loginFailures, unitOfWork } = adapters;
  const { transactions, paymentSigner } = adapters;
  // gateways: each payment is served by the gateway that took it (server/gateways.wiring.ts).
  const paymentGateways = paymentGatewaysFor(adapters, config);
  const codePolicy = { pepper: config.smsCodePepper, maxAttempts: config.otpMaxAttempts };

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
    { reconcileAfterS: config.reconcileAfterS, batchSize: 50 },
    (context, message) => {
      if (config.logLevel !== 'silent') console.warn(`payments: ${message}`, context);
    },
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
    authenticateSession: new AuthenticateSessionUseCase(sessions, clock),
    sendSmsCode: new SendSmsCodeUseCase(unitOfWork, smsSender, clock, random, {
      ttlS: config.otpTtlS,
      resendCooldownS: config.smsResendCooldownS,
      perPhonePerHour: config.smsPerPhonePerHour,
      perAddressPerHour: config.smsPerAddressPerHour,
      pepper: config.smsCodePepper,
    }),
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
    getTransactionDetails: new GetTransactionDetailsUseCase(transactions, reconcilePendingPayments),
    applyPaymentCallback,
    reconcilePendingPayments,
    paymentGateways,
    returnFromGateway: new ReturnFromGatewayUseCase(
      paymentGateways,
      transactions,
      reconcilePendingPayments,
    ),
    purgeStaleRecords: new PurgeStaleRecordsUseCase(smsCodes, loginFailures, sessions, clock),
    ...history.wirePaymentHistory(adapters, config, reconcilePendingPayments),
  };
}

/** Overrides given as `undefined` keep the default instead of erasing it. */
function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
