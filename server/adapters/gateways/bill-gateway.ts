import { type GatewayHandOff } from '../../../src/contract/payment';
import {
  type GatewayCallbackRequest,
  type GatewayCapabilities,
  type GatewayMessage,
  type GatewayPaymentRef,
  type GatewayStatusAnswer,
  type OurPaymentCheck,
  type PaymentGateway,
  type PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { formCallback } from './gateway-messages';
import { DEFAULT_READ_SPACING_MS, SpacedReads } from './spaced-reads';

/** How long a call to a gateway's API may take before it counts as failed. */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;

/** A bill just made, or made before: where the payer pays it, and its id at the gateway. */
export interface BillStart {
  handOff: GatewayHandOff;
  gatewayRef: string;
}

/**
 * A bill could not be read: the gateway unreachable, too slow, failing or answering nonsense.
 * An outside condition, not a fault of ours: its message says all there is to say, so it
 * carries no stack frames and no cause, and a log of it stays one line.
 */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * What the adapters of gateways whose payment is a bill created over their API share (Billplz,
 * ToyyibPay): the host the host rule picked, the HTTP client and its timeout, a repeated start
 * handed to the bill already made, a form-encoded callback read once, a status query answered
 * `not_found` for a payment no bill was made for, a form POST to the API answered in JSON, and
 * reads of one bill spaced out (SpacedReads), so that callers who may trigger them at will
 * (unsigned callbacks and redirects) cannot make us ask the gateway more than once a second per
 * bill. An adapter creates the bill, verifies the callback's fields and the redirect, and reads
 * a bill.
 */
export abstract class BillGateway<Settings extends { baseUrl: string }> implements PaymentGateway {
  abstract readonly name: string;
  abstract readonly capabilities: GatewayCapabilities;

  private readonly reads: SpacedReads<GatewayStatusAnswer>;

  constructor(
    protected readonly settings: Settings,
    protected readonly fetchFn: typeof fetch = fetch,
    protected readonly timeoutMs: number = DEFAULT_GATEWAY_TIMEOUT_MS,
    readSpacingMs: number = DEFAULT_READ_SPACING_MS,
  ) {
    this.reads = new SpacedReads(readSpacingMs);
  }

  async startPayment(request: PaymentStartRequest): Promise<BillStart> {
    const ref = request.existingRef;
    if (ref === null) return this.createBill(request);
    return { handOff: this.billHandOff(ref), gatewayRef: ref };
  }

  async verifyCallback(
    request: GatewayCallbackRequest,
    isOurs: OurPaymentCheck,
  ): Promise<GatewayMessage> {
    const form = formCallback(request);
    if ('rejected' in form) return form.rejected;
    return this.verifyCallbackForm(form.payload, form.params, isOurs);
  }

  abstract verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage>;

  async queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    // No bill was ever created for it (the create call failed): the gateway cannot know it.
    if (payment.gatewayRef === null) return { kind: 'not_found' };
    return this.askBill(payment.gatewayRef);
  }

  /**
   * What the gateway answers about the bill `ref`, read after this call began, and no sooner
   * than the spacing after the bill's previous read. Throws a GatewayUnavailableError when the
   * gateway cannot be asked.
   */
  protected askBill(ref: string): Promise<GatewayStatusAnswer> {
    return this.reads.read(ref, async () => {
      try {
        return await this.readBill(ref);
      } catch (error) {
        throw new GatewayUnavailableError(this.failure(error));
      }
    });
  }

  /** One line saying why the gateway could not be asked (no stack, nothing secret). */
  private failure(error: unknown): string {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return `${this.name} did not answer within ${this.timeoutMs} ms`;
    }
    const cause = error instanceof Error ? error.cause : undefined;
    const code =
      typeof cause === 'object' && cause !== null && 'code' in cause
        ? ` (${String(cause.code)})`
        : '';
    return `${this.name}: ${error instanceof Error ? error.message : String(error)}${code}`;
  }

  protected get base(): string {
    return this.settings.baseUrl.replace(/\/+$/, '');
  }

  /** Creates the payment's bill; its hand-off and id. Throws when the gateway refuses. */
  protected abstract createBill(request: PaymentStartRequest): Promise<BillStart>;

  /** The bill's page the payer's browser is sent to. */
  protected abstract billHandOff(ref: string): GatewayHandOff;

  /**
   * Verifies a callback's form, read as `params` from the text `payload`; `isOurs` tells a bill
   * of one of our payments through this gateway (see PaymentGateway.verifyCallback).
   */
  protected abstract verifyCallbackForm(
    payload: string,
    params: Record<string, string>,
    isOurs: OurPaymentCheck,
  ): Promise<GatewayMessage>;

  /** What the gateway answers about the bill `ref`, asked now (askBill spaces the asks). */
  protected abstract readBill(ref: string): Promise<GatewayStatusAnswer>;

  /** POSTs a form to `path`; its JSON answer. Throws on a failure status or a non-JSON body. */
  protected async postForm(
    path: string,
    form: URLSearchParams,
    what: string,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    const response = await this.fetchFn(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        ...headers,
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${what} answered HTTP ${response.status}`);
    }
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(`${what} answered something other than JSON`);
    }
  }
}
