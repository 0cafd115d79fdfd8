import { type Counter, type Histogram } from 'prom-client';
import type { FinalStatus, Transaction } from '../../domain/transaction';
import type {
  GatewayCallbackRequest,
  GatewayMessage,
  GatewayPaymentRef,
  GatewayRefundAnswer,
  GatewayRefundRequest,
  GatewayStatusAnswer,
  OurPaymentCheck,
  PaymentGateway,
  PaymentStart,
  PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { ForwardingTransactionStore } from '../forwarding-transaction-store';
import type { SmsMessage, SmsSender } from '../../ports/sms-sender.port';
import type {
  CallbackRecord,
  CreatePendingResult,
  LockedTransactionUnit,
  NewTransaction,
  TransactionStore,
} from '../../ports/transaction-store.port';

/** Counts each SMS handed to the provider, by purpose and outcome (sent, failed). */
export class MeteredSmsSender implements SmsSender {
  constructor(
    private readonly inner: SmsSender,
    private readonly sent: Counter<'purpose' | 'outcome'>,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    try {
      await this.inner.send(message);
      this.sent.inc({ purpose: message.purpose, outcome: 'sent' });
    } catch (error) {
      this.sent.inc({ purpose: message.purpose, outcome: 'failed' });
      throw error;
    }
  }
}

/** Counts every call to the gateway by outcome, and times those that go over the network. */
export class MeteredPaymentGateway implements PaymentGateway {
  readonly name: string;
  readonly capabilities: PaymentGateway['capabilities'];
  /** Present exactly when the metered gateway sends refunds itself. */
  readonly refund?: (request: GatewayRefundRequest) => Promise<GatewayRefundAnswer>;

  constructor(
    private readonly inner: PaymentGateway,
    private readonly metrics: {
      calls: Counter<'gateway' | 'operation' | 'outcome'>;
      duration: Histogram<'gateway' | 'operation'>;
    },
  ) {
    this.name = inner.name;
    this.capabilities = inner.capabilities;
    const refund = inner.refund?.bind(inner);
    if (refund !== undefined) {
      this.refund = (request) => this.call('refund', true, () => refund(request));
    }
  }

  startPayment(request: PaymentStartRequest): Promise<PaymentStart> {
    return this.call('start_payment', true, () => this.inner.startPayment(request));
  }

  verifyCallback(
    request: GatewayCallbackRequest,
    isOurs: OurPaymentCheck,
  ): Promise<GatewayMessage> {
    return this.call('verify_callback', false, () => this.inner.verifyCallback(request, isOurs));
  }

  verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage> {
    return this.call('verify_redirect', false, () => this.inner.verifyRedirect(query));
  }

  queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    return this.call('query_status', true, () => this.inner.queryStatus(payment));
  }

  private async call<T>(operation: string, timed: boolean, fn: () => Promise<T>): Promise<T> {
    const labels = { gateway: this.inner.name, operation };
    const stopTimer = timed ? this.metrics.duration.startTimer(labels) : undefined;
    try {
      const value = await fn();
      this.metrics.calls.inc({ ...labels, outcome: 'ok' });
      return value;
    } catch (error) {
      this.metrics.calls.inc({ ...labels, outcome: 'error' });
      throw error;
    } finally {
      stopTimer?.();
    }
  }
}

/**
 * Counts payments created, discarded (the gateway could not start them) and finalised, and
 * gateway messages recorded, once committed.
 */
export class MeteredTransactionStore extends ForwardingTransactionStore {
  constructor(
    inner: TransactionStore,
    private readonly metrics: {
      created: Counter;
      discarded: Counter;
      finalised: Counter<'outcome'>;
      gatewayMessages: Counter<'source' | 'result'>;
    },
  ) {
    super(inner);
  }

  override async createPending(
    tx: NewTransaction,
    idempotencyKey?: string,
  ): Promise<CreatePendingResult> {
    const result = await this.inner.createPending(tx, idempotencyKey);
    if (result.created) this.metrics.created.inc();
    return result;
  }

  override async discardUnstarted(transactionId: string): Promise<boolean> {
    const discarded = await this.inner.discardUnstarted(transactionId);
    if (discarded) this.metrics.discarded.inc();
    return discarded;
  }

  override async recordCallback(record: CallbackRecord): Promise<void> {
    await this.inner.recordCallback(record);
    this.metrics.gatewayMessages.inc({ source: record.source, result: record.result });
  }

  override async withLockedTransaction<T>(
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
        appendAudit: (entry) => unit.appendAudit(entry),
      }),
    );
    if (outcome !== undefined) this.metrics.finalised.inc({ outcome });
    for (const record of records) {
      this.metrics.gatewayMessages.inc({ source: record.source, result: record.result });
    }
    return value;
  }
}
