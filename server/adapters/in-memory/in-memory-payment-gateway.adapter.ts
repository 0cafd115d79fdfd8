import { createHmac } from 'node:crypto';
import { formatSen, type Sen } from '../../../src/contract/money';
import { isPaymentStatus, type PaymentStatus } from '../../../src/contract/payment';
import {
  type GatewayCallbackRequest,
  type GatewayMessage,
  type GatewayOutcome,
  type GatewayCapabilities,
  type GatewayPaymentRef,
  type GatewayRefundAnswer,
  type GatewayRefundRequest,
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
 * a test set. Starts and queries can be made to fail, as an unreachable gateway. Refunds go
 * through its `refund()` (declared `api`; `refunds: 'manual'` builds one without it), recorded in
 * `refundCalls`, each refund id refunded once; see InMemoryRefunds for its fault switches.
 */
export class InMemoryPaymentGateway implements PaymentGateway {
  readonly name = 'in-memory';
  readonly capabilities: GatewayCapabilities;
  /** Every start asked for, oldest first. */
  readonly started: PaymentStartRequest[] = [];
  /** Every status query asked, oldest first. */
  readonly queries: GatewayPaymentRef[] = [];
  private readonly statuses = new Map<string, FakeOutcome>();
  private startFailures = 0;
  private outage: Error | null = null;
  private refs = 0;
  /** The gateway's refund side: every call, the answers kept per refund id, its faults. */
  readonly refunds = new InMemoryRefunds();
  /** Present only when refunds are declared `api`, as the conformance suite requires. */
  readonly refund?: (request: GatewayRefundRequest) => Promise<GatewayRefundAnswer>;

  constructor(
    private readonly options: {
      keepsRefs?: boolean;
      key?: string;
      refunds?: GatewayCapabilities['refunds'];
    } = {},
  ) {
    const refunds = options.refunds ?? 'api';
    this.capabilities = signedFormCapabilities(false, refunds);
    if (refunds === 'api') this.refund = (request) => this.refunds.answer(request);
  }

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

/** A refund the fake gateway was asked for, and what it answered. */
export interface RefundCall {
  request: GatewayRefundRequest;
  answer: GatewayRefundAnswer;
}

/**
 * The in-memory gateway's refunds: answers `refunded` (reference `RF000001`, ...) once per
 * refund id and the first answer again for the same id, `failed` after `failNext(reason)`, and
 * `unavailable` after `goDown()` until `comeBack()` (or once, after `timeOutNext()`: the refund
 * is not made, as a call cut off before the gateway acted). `calls` records every call;
 * `refundedOf(transactionId)` is the sum the gateway really paid back.
 */
export class InMemoryRefunds {
  readonly calls: RefundCall[] = [];
  private readonly kept = new Map<string, GatewayRefundAnswer>();
  private readonly refunded = new Map<string, Sen>();
  private failures: string[] = [];
  private down = false;
  private timeouts = 0;
  private serial = 0;

  async answer(request: GatewayRefundRequest): Promise<GatewayRefundAnswer> {
    const answer = this.decide(request);
    this.calls.push({ request: { ...request }, answer });
    return answer;
  }

  /** The next refund (a new refund id) fails with this reason. */
  failNext(reason = 'refused by the gateway'): void {
    this.failures.push(reason);
  }

  /** Every refund call answers `unavailable` until `comeBack`. */
  goDown(): void {
    this.down = true;
  }

  comeBack(): void {
    this.down = false;
  }

  /** The next call answers `unavailable` (timed out) without refunding. */
  timeOutNext(): void {
    this.timeouts += 1;
  }

  /** Sen the gateway refunded out of a payment. */
  refundedOf(transactionId: string): Sen {
    return this.refunded.get(transactionId) ?? 0;
  }

  /** How many refunds the gateway made (not calls: one per refund id at most). */
  get made(): number {
    return [...this.kept.values()].filter((answer) => answer.kind === 'refunded').length;
  }

  private decide(request: GatewayRefundRequest): GatewayRefundAnswer {
    if (this.down) return { kind: 'unavailable', reason: 'gateway unreachable' };
    if (this.timeouts > 0) {
      this.timeouts -= 1;
      return { kind: 'unavailable', reason: 'gateway timed out' };
    }
    const known = this.kept.get(request.refundId);
    if (known) return known;
    const reason = this.failures.shift();
    let answer: GatewayRefundAnswer;
    if (reason !== undefined) {
      answer = { kind: 'failed', reason };
    } else {
      this.serial += 1;
      answer = { kind: 'refunded', gatewayRefundRef: `RF${String(this.serial).padStart(6, '0')}` };
      const before = this.refundedOf(request.transactionId);
      this.refunded.set(request.transactionId, before + request.amountSen);
    }
    this.kept.set(request.refundId, answer);
    return answer;
  }
}
