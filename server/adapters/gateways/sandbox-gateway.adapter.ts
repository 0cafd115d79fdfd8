import { CANONICAL_AMOUNT_PATTERN, formatSen, type Sen } from '../../../src/contract/money';
import { isPaymentStatus, type PaymentStatus } from '../../../src/contract/payment';
import { err, ok, type Result } from '../../../src/contract/result';
import {
  gatewayOutcomeCanonical,
  handOffCanonical,
  isTimestampFresh,
  type HandOffFields,
} from '../../../src/contract/sandbox-gateway';
import { isTransactionId } from '../../domain/transaction';
import { type Clock } from '../../ports/clock.port';
import { type GatewayStatusClient } from '../../ports/gateway-status-client.port';
import {
  type GatewayCallbackRequest,
  type GatewayMessage,
  type GatewayPaymentRef,
  type GatewayRefundAnswer,
  type GatewayRefundRequest,
  type GatewayRejectionKind,
  type GatewayStatusAnswer,
  type PaymentGateway,
  type PaymentStart,
  type PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { type PaymentSigner } from '../../ports/payment-signer.port';
import { DEFAULT_GATEWAY_TIMEOUT_MS } from './bill-gateway';
import { signedFormCapabilities } from './gateway-capabilities';
import { serialise } from './gateway-messages';
import { sendSandboxRefund } from './sandbox-refund-call';

export interface SandboxGatewaySettings {
  /** The hosted payment page the browser posts the hand-off form to. */
  payUrl: string;
  /** Our merchant id at the gateway (GATEWAY_CLIENT_ID). */
  clientId: string;
  /** Where refunds are posted; by default `refunds` beside the payment page (`.../refunds`). */
  refundUrl?: string;
}

const MESSAGE_FIELDS = ['transactionId', 'status', 'amount', 'timestamp', 'signature'];

/**
 * The sandbox-style form gateway (our own sandbox, or any gateway speaking its scheme): the
 * browser posts the hand-off fields signed with hashVal; the gateway answers with JSON callbacks
 * {transactionId, status, amount, timestamp, signature} signed with the same shared secret, and
 * its status endpoint (GET {statusUrl}/{transactionId}, fetched by the GatewayStatusClient)
 * answers the same signed shape. Refunds are signed JSON posted to its refund endpoint, answered
 * signed too. The scheme's canonical strings live in the contract.
 */
export class SandboxGatewayAdapter implements PaymentGateway {
  readonly name = 'sandbox';
  /** What it offers, read before any is built too (its record in gateway-records.ts). */
  static readonly capabilities = signedFormCapabilities(true, 'api');
  readonly capabilities = SandboxGatewayAdapter.capabilities;

  constructor(
    /** Read per use: in tests the sandbox's address is only known once it listens. */
    private readonly settings: () => SandboxGatewaySettings,
    /** HMAC-SHA256 keyed by GATEWAY_SECRET, the secret shared with the gateway. */
    private readonly signer: PaymentSigner,
    private readonly clock: Clock,
    /** Moves the status query's bytes (HTTP, or in memory in tests); verified here. */
    private readonly statusClient: GatewayStatusClient,
    /** Carries refund calls (status queries go through `statusClient`). */
    private readonly fetchFn: typeof fetch = fetch,
    /** How long a refund call may take before it counts as unavailable. */
    private readonly timeoutMs: number = DEFAULT_GATEWAY_TIMEOUT_MS,
  ) {}

  async startPayment(request: PaymentStartRequest): Promise<PaymentStart> {
    const settings = this.settings();
    const fields: HandOffFields = {
      clientId: settings.clientId,
      transactionId: request.transactionId,
      amount: formatSen(request.amountSen),
      custName: request.customer.name,
      custMobile: request.customer.mobile,
      custEmail: request.customer.email,
      returnUrl: request.returnUrl,
      callbackUrl: request.callbackUrl,
      paymentMethod: request.paymentMethod,
    };
    return {
      handOff: {
        url: settings.payUrl,
        method: 'POST',
        fields: {
          ...fields,
          clientSecret: '',
          hashVal: this.signer.sign(handOffCanonical(fields)),
        },
      },
      gatewayRef: null,
    };
  }

  async verifyCallback(request: GatewayCallbackRequest): Promise<GatewayMessage> {
    return this.verify(request.body, false);
  }

  async verifyRedirect(): Promise<GatewayMessage> {
    // The sandbox sends the payer's tab straight to our return page; it signs no redirect.
    return {
      payload: '',
      verdict: {
        ok: false,
        error: {
          kind: 'not_supported',
          message: 'This gateway sends no redirect',
          transactionId: null,
        },
      },
    };
  }

  async queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    const answer = await this.statusClient.queryStatus(payment.transactionId);
    if (answer.kind === 'not_found') return answer;
    // The status answer is checked exactly like a callback, except that `pending` is a fair answer.
    return { kind: 'found', message: this.verify(answer.body, true) };
  }

  /** Signed, idempotent per refund id; never throws for a gateway down or answering nonsense. */
  async refund(request: GatewayRefundRequest): Promise<GatewayRefundAnswer> {
    const settings = this.settings();
    return sendSandboxRefund(
      {
        refundUrl: settings.refundUrl ?? new URL('refunds', settings.payUrl).href,
        clientId: settings.clientId,
        signer: this.signer,
        clock: this.clock,
        fetchFn: this.fetchFn,
        timeoutMs: this.timeoutMs,
      },
      request,
    );
  }

  /** Shape, then signature (before anything is looked up), then freshness. */
  private verify(body: unknown, pendingAllowed: boolean): GatewayMessage {
    const payload = serialise(body);
    const reject = (
      kind: GatewayRejectionKind,
      message: string,
      transactionId: string | null,
    ): GatewayMessage => ({
      payload,
      verdict: { ok: false, error: { kind, message, transactionId } },
    });

    const parsed = parseMessage(body, pendingAllowed);
    if (!parsed.ok) return reject('malformed', parsed.error.reason, parsed.error.transactionId);
    const message = parsed.value;
    if (!this.signer.verify(gatewayOutcomeCanonical(message), message.signature)) {
      return reject('bad_signature', 'Invalid signature', message.transactionId);
    }
    if (!isTimestampFresh(message.timestamp, new Date(this.clock.now()))) {
      return reject('stale', 'Stale timestamp', message.transactionId);
    }
    return {
      payload,
      verdict: {
        ok: true,
        value: {
          transactionId: message.transactionId,
          gatewayRef: null,
          status: message.status,
          amountSen: canonicalToSen(message.amount),
        },
      },
    };
  }
}

interface SignedMessage {
  transactionId: string;
  status: PaymentStatus;
  amount: string;
  timestamp: number;
  signature: string;
}

/** Why a message is malformed, with its transaction id when that much could be read. */
interface ParseFailure {
  reason: string;
  transactionId: string | null;
}

type ParseResult = Result<SignedMessage, ParseFailure>;

function parseMessage(body: unknown, pendingAllowed: boolean): ParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return err({ reason: 'Body must be a JSON object', transactionId: null });
  }
  const fields = body as Record<string, unknown>;
  const transactionId = isTransactionId(fields.transactionId) ? fields.transactionId : null;
  const fail = (reason: string): ParseResult => err({ reason, transactionId });
  const unknown = Object.keys(fields).find((key) => !MESSAGE_FIELDS.includes(key));
  if (unknown !== undefined) return fail(`Unknown field: ${unknown}`);
  if (transactionId === null) return fail('Invalid transactionId');
  const status = fields.status;
  if (!isPaymentStatus(status) || (status === 'pending' && !pendingAllowed)) {
    return fail('Invalid status');
  }
  if (typeof fields.amount !== 'string' || !CANONICAL_AMOUNT_PATTERN.test(fields.amount)) {
    return fail('Invalid amount');
  }
  const timestamp = fields.timestamp;
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) {
    return fail('Invalid timestamp');
  }
  if (typeof fields.signature !== 'string') return fail('Invalid signature');
  return ok({
    transactionId,
    status,
    amount: fields.amount,
    timestamp,
    signature: fields.signature,
  });
}

/** '123.45' -> 12345, for text already matching CANONICAL_AMOUNT_PATTERN (no float arithmetic). */
function canonicalToSen(amount: string): Sen {
  const [whole, cents] = amount.split('.');
  return Number(whole) * 100 + Number(cents);
}
