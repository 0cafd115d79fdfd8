import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FinalStatus } from '../../domain/transaction';
import {
  isConnectionFailure,
  isUniqueViolation,
  type Database,
  type PoolStats,
} from '../postgres/database';
import type {
  GatewayCallbackRequest,
  GatewayMessage,
  GatewayPaymentRef,
  GatewayStatusAnswer,
  PaymentGateway,
  PaymentStart,
  PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import type { SmsMessage, SmsSender } from '../../ports/sms-sender.port';
import type {
  CallbackRecord,
  CreatePendingResult,
  LockedTransactionUnit,
  NewTransaction,
  TransactionStore,
} from '../../ports/transaction-store.port';
import type { Transaction } from '../../domain/transaction';

/** Seconds; most API answers take milliseconds, an argon2 login about 50-200 ms. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The portal's Prometheus metrics, in a registry of their own (one per container, so two apps in
 * one test process never share counters). The use cases know nothing of them: requests are
 * counted by an HTTP hook (server/http/metrics.ts), SMS, payments and database use by the
 * decorators below, wrapped around the ports in the container; pool use is read on each scrape.
 */
export class PortalMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly smsSent = new Counter({
    name: 'sms_sent_total',
    help: 'SMS codes handed to the SMS provider, by purpose and outcome (sent, failed).',
    labelNames: ['purpose', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly paymentsCreated = new Counter({
    name: 'payments_created_total',
    help: 'Payments created (pending); idempotent repeats are not counted again.',
    registers: [this.registry],
  });

  readonly payments = new Counter({
    name: 'payments_total',
    help: 'Payments that reached a final outcome on this instance (counted once, after the commit).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly gatewayMessages = new Counter({
    name: 'payment_gateway_messages_total',
    help: 'Gateway messages recorded, by source (callback, reconcile) and result (applied, duplicate, ignored, rejected).',
    labelNames: ['source', 'result'] as const,
    registers: [this.registry],
  });

  readonly gatewayCalls = new Counter({
    name: 'payment_gateway_calls_total',
    help: 'Calls to the payment gateway, by gateway, operation and outcome (ok, error).',
    labelNames: ['gateway', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly gatewayDuration = new Histogram({
    name: 'payment_gateway_call_duration_seconds',
    help: 'Time taken by calls to the payment gateway that go over the network.',
    labelNames: ['gateway', 'operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly databaseErrors = new Counter({
    name: 'database_errors_total',
    help: 'Failed database operations, by kind: unavailable (connection lost or timed out), unique_violation, other.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly databaseConnectionsLost = new Counter({
    name: 'database_connections_lost_total',
    help: 'Pooled PostgreSQL connections lost outside any request (the pool replaces them).',
    registers: [this.registry],
  });

  private databases: { db: Database; inFlight: () => number }[] = [];

  constructor() {
    const databases = () => this.databases;
    // Both read on scrape: nothing polls the pool between scrapes.
    new Gauge({
      name: 'database_pool_connections',
      help: 'Database connections by state: total, idle, waiting (requests queued for a connection). PGlite is one connection: busy while an operation runs, the others wait.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { db, inFlight } of databases()) {
          const stats = db.poolStats?.() ?? pgliteStats(inFlight());
          this.inc({ state: 'total' }, stats.total);
          this.inc({ state: 'idle' }, stats.idle);
          this.inc({ state: 'waiting' }, stats.waiting);
        }
      },
    });
    new Gauge({
      name: 'database_operations_in_flight',
      help: 'Queries and transactions started and not yet finished.',
      registers: [this.registry],
      collect() {
        this.set(databases().reduce((sum, { inFlight }) => sum + inFlight(), 0));
      },
    });
  }

  /** Node's own process metrics (CPU, memory, event loop lag, handles): for the running server. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The text a Prometheus scrape receives. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** One counter and one histogram child per method, route pattern and status (a bounded set). */
  private readonly requestSeries = new Map<
    string,
    { count: () => void; time: (s: number) => void }
  >();

  recordRequest(method: string, route: string, status: number, seconds: number): void {
    // The children are looked up once: prom-client hashes a label set on every labelled call.
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (series === undefined) {
      const labels = { method, route, status: String(status) };
      const counter = this.httpRequests.labels(labels);
      const histogram = this.httpDuration.labels(labels);
      series = { count: () => counter.inc(), time: (value) => histogram.observe(value) };
      this.requestSeries.set(key, series);
    }
    series.count();
    series.time(seconds);
  }

  /** The database with its failures counted and its pool use reported on each scrape. */
  meterDatabase(db: Database): Database {
    let inFlight = 0;
    const metered = new MeteredDatabase(db, this, (delta) => (inFlight += delta));
    this.databases.push({ db, inFlight: () => inFlight });
    return metered;
  }

  recordDatabaseError(error: unknown): void {
    const kind = isConnectionFailure(error)
      ? 'unavailable'
      : isUniqueViolation(error)
        ? 'unique_violation'
        : 'other';
    this.databaseErrors.inc({ kind });
  }

  meterSmsSender(sender: SmsSender): SmsSender {
    return new MeteredSmsSender(sender, this);
  }

  meterPaymentGateway(gateway: PaymentGateway): PaymentGateway {
    return new MeteredPaymentGateway(gateway, this);
  }

  meterTransactionStore(store: TransactionStore): TransactionStore {
    return new MeteredTransactionStore(store, this);
  }
}

function pgliteStats(inFlight: number): PoolStats {
  return { total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) };
}

class MeteredDatabase implements Database {
  readonly kind: Database['kind'];
  readonly listen?: Database['listen'];
  readonly poolStats?: Database['poolStats'];

  constructor(
    private readonly inner: Database,
    private readonly metrics: PortalMetrics,
    private readonly track: (delta: number) => void,
  ) {
    this.kind = inner.kind;
    if (inner.listen) this.listen = inner.listen.bind(inner);
    if (inner.poolStats) this.poolStats = inner.poolStats.bind(inner);
  }

  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]> {
    return this.measure(() => this.inner.query<R>(text, params));
  }

  exec(script: string): Promise<void> {
    return this.measure(() => this.inner.exec(script));
  }

  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    // A failure inside is counted once, where it leaves the transaction.
    return this.measure(() => this.inner.transaction(fn));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async measure<T>(operation: () => Promise<T>): Promise<T> {
    this.track(1);
    try {
      return await operation();
    } catch (error) {
      this.metrics.recordDatabaseError(error);
      throw error;
    } finally {
      this.track(-1);
    }
  }
}

class MeteredSmsSender implements SmsSender {
  constructor(
    private readonly inner: SmsSender,
    private readonly metrics: PortalMetrics,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    try {
      await this.inner.send(message);
      this.metrics.smsSent.inc({ purpose: message.purpose, outcome: 'sent' });
    } catch (error) {
      this.metrics.smsSent.inc({ purpose: message.purpose, outcome: 'failed' });
      throw error;
    }
  }
}

class MeteredPaymentGateway implements PaymentGateway {
  readonly name: string;
  readonly capabilities: PaymentGateway['capabilities'];

  constructor(
    private readonly inner: PaymentGateway,
    private readonly metrics: PortalMetrics,
  ) {
    this.name = inner.name;
    this.capabilities = inner.capabilities;
  }

  startPayment(request: PaymentStartRequest): Promise<PaymentStart> {
    return this.call('start_payment', true, () => this.inner.startPayment(request));
  }

  verifyCallback(request: GatewayCallbackRequest): Promise<GatewayMessage> {
    return this.call('verify_callback', false, () => this.inner.verifyCallback(request));
  }

  verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage> {
    return this.call('verify_redirect', false, () => this.inner.verifyRedirect(query));
  }

  queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    return this.call('query_status', true, () => this.inner.queryStatus(payment));
  }

  private async call<T>(operation: string, timed: boolean, fn: () => Promise<T>): Promise<T> {
    const labels = { gateway: this.inner.name, operation };
    const stopTimer = timed ? this.metrics.gatewayDuration.startTimer(labels) : undefined;
    try {
      const value = await fn();
      this.metrics.gatewayCalls.inc({ ...labels, outcome: 'ok' });
      return value;
    } catch (error) {
      this.metrics.gatewayCalls.inc({ ...labels, outcome: 'error' });
      throw error;
    } finally {
      stopTimer?.();
    }
  }
}

class MeteredTransactionStore implements TransactionStore {
  constructor(
    private readonly inner: TransactionStore,
    private readonly metrics: PortalMetrics,
  ) {}

  async createPending(tx: NewTransaction, idempotencyKey?: string): Promise<CreatePendingResult> {
    const result = await this.inner.createPending(tx, idempotencyKey);
    if (result.created) this.metrics.paymentsCreated.inc();
    return result;
  }

  findById(transactionId: string): Promise<Transaction | null> {
    return this.inner.findById(transactionId);
  }

  listStalePending(createdBefore: Date, limit: number): Promise<Transaction[]> {
    return this.inner.listStalePending(createdBefore, limit);
  }

  async recordCallback(record: CallbackRecord): Promise<void> {
    await this.inner.recordCallback(record);
    this.metrics.gatewayMessages.inc({ source: record.source, result: record.result });
  }

  attachGatewayRef(transactionId: string, gatewayRef: string): Promise<string> {
    return this.inner.attachGatewayRef(transactionId, gatewayRef);
  }

  countPendingByGateway(): Promise<Map<string, number>> {
    return this.inner.countPendingByGateway();
  }

  findGatewayRef(transactionId: string): Promise<string | null> {
    return this.inner.findGatewayRef(transactionId);
  }

  findTransactionIdByGatewayRef(gatewayRef: string): Promise<string | null> {
    return this.inner.findTransactionIdByGatewayRef(gatewayRef);
  }

  async withLockedTransaction<T>(
    transactionId: string,
    fn: (current: Transaction | null, unit: LockedTransactionUnit) => Promise<T>,
  ): Promise<T> {
    // Counted only once the unit has committed: a rolled-back outcome never happened.
    let outcome: FinalStatus | undefined;
    const records: CallbackRecord[] = [];
    const value = await this.inner.withLockedTransaction(transactionId, (current, unit) =>
      fn(current, {
        async finalise(status, at) {
          const changed = await unit.finalise(status, at);
          if (changed) outcome = status;
          return changed;
        },
        async recordCallback(record) {
          await unit.recordCallback(record);
          records.push(record);
        },
      }),
    );
    if (outcome !== undefined) this.metrics.payments.inc({ outcome });
    for (const record of records) {
      this.metrics.gatewayMessages.inc({ source: record.source, result: record.result });
    }
    return value;
  }
}
