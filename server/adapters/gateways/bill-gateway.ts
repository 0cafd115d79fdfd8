import { type GatewayHandOff } from '../../../src/contract/payment';
import { type PaymentStart, type PaymentStartRequest } from '../../ports/payment-gateway.port';

/** How long a call to a gateway's API may take before it counts as failed. */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;

/**
 * What the adapters of gateways whose payment is a bill created over their API share (Billplz,
 * ToyyibPay): the host the host rule picked, the HTTP client and its timeout, the hand-off to a
 * bill already made (a repeated start), and a form POST to the API answered in JSON.
 */
export abstract class BillGateway<Settings extends { baseUrl: string }> {
  constructor(
    protected readonly settings: Settings,
    protected readonly fetchFn: typeof fetch = fetch,
    protected readonly timeoutMs: number = DEFAULT_GATEWAY_TIMEOUT_MS,
  ) {}

  protected get base(): string {
    return this.settings.baseUrl.replace(/\/+$/, '');
  }

  /** The bill's page the payer's browser is sent to. */
  protected abstract billHandOff(ref: string): GatewayHandOff;

  /** A repeated start's answer: the bill already made for it; null when there is none yet. */
  protected existingStart(request: PaymentStartRequest): PaymentStart | null {
    const ref = request.existingRef;
    return ref === null ? null : { handOff: this.billHandOff(ref), gatewayRef: ref };
  }

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
