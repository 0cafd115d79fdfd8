import { type Server } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isConnectionFailure, isUniqueViolation, type Database } from '../postgres/database';
import type { PaymentGateway } from '../../ports/payment-gateway.port';
import type { SmsSender } from '../../ports/sms-sender.port';
import type { TransactionStore } from '../../ports/transaction-store.port';
import { JobMetrics } from './job-metrics';
import { MeteredDatabase, pgliteStats } from './metered-database';
import {
  MeteredPaymentGateway,
  MeteredSmsSender,
  MeteredTransactionStore,
} from './metered-ports.adapter';

/** Seconds; most API answers take milliseconds, an argon2 login about 50-200 ms. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What each counter and histogram counts or times, as a scrape states it (its HELP line). */
const HELP = {
  http_requests_total: 'HTTP requests answered, by method, route pattern and status code.',
  http_request_duration_seconds:
    'Time from the request arriving to its answer being handed to the socket, by method, route pattern and status code.',
  sms_sent_total: 'SMS codes handed to the SMS provider, by purpose and outcome (sent, failed).',
  sms_delivery_total:
    'Delivery reports received from the SMS provider, by status (queued, sent, delivered, failed).',
  payments_created_total: 'Payments created (pending); idempotent repeats are not counted again.',
  payments_discarded_total:
    'Payments created and then discarded because the gateway could not start them.',
  payments_total:
    'Payments that reached a final outcome on this instance (counted once, after the commit).',
  payment_gateway_messages_total:
    'Gateway messages recorded, by source (callback, reconcile) and result (applied, duplicate, ignored, rejected).',
  payment_gateway_calls_total:
    'Calls to the payment gateway, by gateway, operation and outcome (ok, error).',
  payment_gateway_call_duration_seconds:
    'Time taken by calls to the payment gateway that go over the network.',
  database_errors_total:
    'Failed database operations, by kind: unavailable (connection lost or timed out), unique_violation, other.',
  database_connections_lost_total:
    'Pooled PostgreSQL connections lost outside any request (the pool replaces them).',
  ops_second_factor_locks_total:
    'Console operators locked out by wrong second factors (authenticator-app codes) after the right password.',
} as const;
type MetricName = keyof typeof HELP;

/**
 * The portal's Prometheus metrics, in a registry of their own (one per container, so two apps in
 * one test process never share counters). The use cases know nothing of them: requests are
 * counted by an HTTP hook (server/http/metrics.ts), SMS, payments and database use by the
 * decorators (metered-database.ts, metered-ports.adapter.ts) wrapped around the ports in the container; pool use is read on each scrape.
 */
export class PortalMetrics {
  readonly registry = new Registry();

  /** A counter in this registry, with the given label names (none for a plain count). */
  private counter<L extends string>(name: MetricName, labelNames: readonly L[] = []) {
    return new Counter<L>({ name, help: HELP[name], labelNames, registers: [this.registry] });
  }

  /** A histogram of durations in seconds in this registry, with the given label names. */
  private latency<L extends string>(name: MetricName, labelNames: readonly L[]) {
    return new Histogram<L>({
      name,
      help: HELP[name],
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
  }

  readonly requests = this.counter('http_requests_total', ['method', 'route', 'status']);
  readonly requestDuration = this.latency('http_request_duration_seconds', [
    'method',
    'route',
    'status',
  ]);
  readonly smsSent = this.counter('sms_sent_total', ['purpose', 'outcome']);
  readonly smsDelivery = this.counter('sms_delivery_total', ['status']);
  readonly paymentsCreated = this.counter('payments_created_total');
  readonly paymentsDiscarded = this.counter('payments_discarded_total');
  readonly payments = this.counter('payments_total', ['outcome']);
  readonly gatewayMessages = this.counter('payment_gateway_messages_total', ['source', 'result']);
  readonly gatewayCalls = this.counter('payment_gateway_calls_total', [
    'gateway',
    'operation',
    'outcome',
  ]);
  readonly gatewayDuration = this.latency('payment_gateway_call_duration_seconds', [
    'gateway',
    'operation',
  ]);
  readonly databaseErrors = this.counter('database_errors_total', ['kind']);
  readonly databaseConnectionsLost = this.counter('database_connections_lost_total');
  /** Operators locked by wrong second factors: an alert (wiring/ops.ts counts them). */
  readonly secondFactorLocks = this.counter('ops_second_factor_locks_total');
  /** The scheduled jobs' runs (job-metrics.ts). */
  readonly jobs = new JobMetrics(this.registry);

  private databases: { db: Database; inFlight: () => number }[] = [];
  private servers: Server[] = [];

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
      name: 'database_pool_max_connections',
      help: 'The most connections the pool opens (PGlite: 1): with database_pool_connections, how near the cap it is.',
      registers: [this.registry],
      collect() {
        this.set(databases().reduce((sum, { db }) => sum + (db.poolStats?.().max ?? 1), 0));
      },
    });
    const servers = () => this.servers;
    // Beside their cap: past it, new connections are closed on arrival (MAX_CONNECTIONS).
    new Gauge({
      name: 'http_connections',
      help: 'Connections open on the public listener, and its cap (MAX_CONNECTIONS), by state: open, max.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const open = await Promise.all(servers().map(openConnections));
        this.set(
          { state: 'open' },
          open.reduce((sum, count) => sum + count, 0),
        );
        this.set(
          { state: 'max' },
          servers().reduce((sum, one) => sum + one.maxConnections, 0),
        );
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

  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.requestDuration.observe(labels, seconds);
  }

  /** The listener's connections reported on each scrape, beside its cap. */
  watchConnections(server: Server): void {
    this.servers.push(server);
  }

  /** The database with its failures counted and its pool use reported on each scrape. */
  meterDatabase(db: Database): Database {
    let inFlight = 0;
    const metered = new MeteredDatabase(
      db,
      (error) => this.recordDatabaseError(error),
      (delta) => (inFlight += delta),
    );
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
    return new MeteredSmsSender(sender, this.smsSent);
  }

  meterPaymentGateway(gateway: PaymentGateway): PaymentGateway {
    return new MeteredPaymentGateway(gateway, {
      calls: this.gatewayCalls,
      duration: this.gatewayDuration,
    });
  }

  meterTransactionStore(store: TransactionStore): TransactionStore {
    return new MeteredTransactionStore(store, {
      created: this.paymentsCreated,
      discarded: this.paymentsDiscarded,
      finalised: this.payments,
      gatewayMessages: this.gatewayMessages,
    });
  }
}

/** The connections open on a listener (0 once it is closed). */
function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.getConnections((error, count) => resolve(error ? 0 : count));
  });
}
