import { createHmac } from 'node:crypto';
import { formatSen, type Sen } from '../../../src/contract/money';
import { isPaymentStatus, type PaymentStatus } from '../../../src/contract/payment';
import {
  type GatewayCallbackRequest,
  type GatewayMessage,
  type GatewayOutcome,
  type GatewayPaymentRef,
  type GatewayStatusAnswer,
  type PaymentGateway,
  type PaymentStart,
  type PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { signedFormCapabilities } from '../gateways/gateway-capabilities';
import { serialise } from '../gateways/gateway-messages';

/** What the fake gateway says about a payment; it signs it when it sends it. */
export interface FakeOutcome {
  transactionId: string | null;
  gatewayRef?: string | null;
  status: PaymentStatus;
  amountSen: Sen;
}

const SIGNED_FIELDS = ['transactionId', 'gatewayRef', 'status', 'amountSen'] as const;

/**
 * A hosted gateway in memory, for use-case tests: it starts payments (optionally keeping a
 * reference of its own, as Billplz keeps bills), signs the callbacks and redirects it is asked to
 * send with a key of its own, verifies them signature first, and answers status queries with what
 * a test set. Starts and queries can be made to fail, as an unreachable gateway.
 */
export class InMemoryPaymentGateway implements PaymentGateway {
  readonly name = 'in-memory';
  readonly capabilities = signedFormCapabilities(false);
  /** Every start asked for, oldest first. */
  readonly started: PaymentStartRequest[] = [];
  /** Every status query asked, oldest first. */
  readonly queries: GatewayPaymentRef[] = [];
  private readonly statuses = new Map<string, FakeOutcome>();
  private startFailures = 0;
  private outage: Error | null = null;
  private refs = 0;

  constructor(private readonly options: { keepsRefs?: boolean; key?: string } = {}) {}

  async startPayment(request: PaymentStartRequest): Promise<PaymentStart> {
    this.started.push(request);
    if (this.startFailures > 0) {
      this.startFailures -= 1;
      throw new Error('gateway refused to start the payment');
    }
    let gatewayRef: string | null = null;
    if (this.options.keepsRefs) {
      gatewayRef = request.existingRef ?? this.newRef();
    }
    return {
      handOff: {
        url: 'https://gateway.test/pay',
        method: 'POST',
        fields: {
          transactionId: request.transactionId,
          amount: formatSen(request.amountSen),
          ...(gatewayRef === null ? {} : { ref: gatewayRef }),
        },
      },
      gatewayRef,
    };
  }

  async verifyCallback(request: GatewayCallbackRequest): Promise<GatewayMessage> {
    return this.verify(request.body);
  }

  async verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage> {
    return this.verify(query);
  }

  async queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    this.queries.push(payment);
    if (this.outage) throw this.outage;
    const outcome = this.statuses.get(payment.transactionId);
    return outcome === undefined
      ? { kind: 'not_found' }
      : { kind: 'found', message: await this.verify(this.signed(outcome)) };
  }

  /** A callback as this gateway would post it, signed. */
  callback(outcome: FakeOutcome): GatewayCallbackRequest {
    return { contentType: 'application/json', body: this.signed(outcome), headers: {} };
  }

  /** The signed body of an outcome; change a field afterwards to forge one. */
  signed(outcome: FakeOutcome): Record<string, unknown> {
    const body = { ...outcome, gatewayRef: outcome.gatewayRef ?? null };
    return { ...body, signature: this.sign(body) };
  }

  /** What the status endpoint answers for a payment from now on. */
  answerStatus(transactionId: string, outcome: FakeOutcome): void {
    this.statuses.set(transactionId, outcome);
  }

  /** The next `count` starts throw. */
  failNextStart(count = 1): void {
    this.startFailures += count;
  }

  /** Every status query throws until `recover`. */
  failQueries(error: Error = new Error('gateway unreachable')): void {
    this.outage = error;
  }

  recover(): void {
    this.outage = null;
  }

  private newRef(): string {
    this.refs += 1;
    return `BILL${String(this.refs).padStart(6, '0')}`;
  }

  private verify(body: unknown): GatewayMessage {
    const payload = serialise(body);
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const transactionId = typeof fields.transactionId === 'string' ? fields.transactionId : null;
    const reject = (kind: 'malformed' | 'bad_signature', message: string): GatewayMessage => ({
      payload,
      verdict: { ok: false, error: { kind, message, transactionId } },
    });
    if (typeof fields.signature !== 'string') return reject('malformed', 'No signature');
    if (fields.signature !== this.sign(fields)) return reject('bad_signature', 'Invalid signature');
    const gatewayRef = typeof fields.gatewayRef === 'string' ? fields.gatewayRef : null;
    if (!isPaymentStatus(fields.status)) return reject('malformed', 'Invalid status');
    if (typeof fields.amountSen !== 'number') return reject('malformed', 'Invalid amount');
    const outcome: GatewayOutcome = {
      transactionId,
      gatewayRef,
      status: fields.status,
      amountSen: fields.amountSen,
    };
    return { payload, verdict: { ok: true, value: outcome } };
  }

  private sign(fields: Record<string, unknown>): string {
    const canonical = SIGNED_FIELDS.map((name) => String(fields[name] ?? '')).join('|');
    return createHmac('sha256', this.options.key ?? 'in-memory gateway key')
      .update(canonical)
      .digest('hex');
  }
}
