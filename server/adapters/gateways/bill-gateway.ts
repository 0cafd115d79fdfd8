import { type GatewayHandOff } from '../../../src/contract/payment';
import {
  type GatewayCallbackRequest,
  type GatewayCapabilities,
  type GatewayMessage,
  type GatewayPaymentRef,
  type GatewayStatusAnswer,
  type PaymentGateway,
  type PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { formCallback } from './gateway-messages';

/** How long a call to a gateway's API may take before it counts as failed. */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;

/** A bill just made, or made before: where the payer pays it, and its id at the gateway. */
export interface BillStart {
  handOff: GatewayHandOff;
  gatewayRef: string;
}

/**
 * What the adapters of gateways whose payment is a bill created over their API share (Billplz,
 * ToyyibPay): the host the host rule picked, the HTTP client and its timeout, a repeated start
 * handed to the bill already made, a form-encoded callback read once, a status query answered
 * `not_found` for a payment no bill was made for, and a form POST to the API answered in JSON.
 * An adapter creates the bill, verifies the callback's fields and the redirect, and reads a bill.
 */
export abstract class BillGateway<Settings extends { baseUrl: string }> implements PaymentGateway {
  abstract readonly name: string;
  abstract readonly capabilities: GatewayCapabilities;

  constructor(
    protected readonly settings: Settings,
    protected readonly fetchFn: typeof fetch = fetch,
    protected readonly timeoutMs: number = DEFAULT_GATEWAY_TIMEOUT_MS,
  ) {}

  async startPayment(request: PaymentStartRequest): Promise<BillStart> {
    const ref = request.existingRef;
    if (ref === null) return this.createBill(request);
    return { handOff: this.billHandOff(ref), gatewayRef: ref };
  }

  async verifyCallback(request: GatewayCallbackRequest): Promise<GatewayMessage> {
    const form = formCallback(request);
    return 'rejected' in form ? form.rejected : this.verifyCallbackForm(form.payload, form.params);
  }

  abstract verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage>;

  async queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    // No bill was ever created for it (the create call failed): the gateway cannot know it.
    if (payment.gatewayRef === null) return { kind: 'not_found' };
    return this.readBill(payment.gatewayRef);
  }

  protected get base(): string {
    return this.settings.baseUrl.replace(/\/+$/, '');
  }

  /** Creates the payment's bill; its hand-off and id. Throws when the gateway refuses. */
  protected abstract createBill(request: PaymentStartRequest): Promise<BillStart>;

  /** The bill's page the payer's browser is sent to. */
  protected abstract billHandOff(ref: string): GatewayHandOff;

  /** Verifies a callback's form, read as `params` from the text `payload`. */
  protected abstract verifyCallbackForm(
    payload: string,
    params: Record<string, string>,
  ): Promise<GatewayMessage>;

  /** What the gateway answers about the bill `ref`. Throws when it cannot be asked. */
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
