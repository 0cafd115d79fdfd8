import { type FinalStatus } from '../src/contract/payment';
import { gatewayOutcomeCanonical } from '../src/contract/sandbox-gateway';
import { type Cancel, type Clock } from '../src/contract/clock';
import { type HmacSigner } from './hmac-signer';
import { type SandboxPaymentStore } from './sandbox-payment-store';

export interface CallbackDeliveryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubled for each later one. */
  baseDelayMs: number;
  /** One attempt waits at most this long for an answer. */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY: CallbackDeliveryOptions = {
  maxAttempts: 6,
  baseDelayMs: 1000,
  timeoutMs: 5000,
};

/**
 * POSTs a JSON body to the merchant and resolves with the HTTP status; rejects when no answer
 * came (refused connection, timeout). Tests pass an in-memory merchant instead of the network.
 */
export type CallbackTransport = (url: string, json: string, timeoutMs: number) => Promise<number>;

export const fetchCallbackTransport: CallbackTransport = async (url, json, timeoutMs) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: json,
    signal: AbortSignal.timeout(timeoutMs),
    // A merchant's callback URL is signed in the hand-off; a redirect would leave it.
    redirect: 'error',
  });
  await response.body?.cancel();
  return response.status;
};

export interface OutcomeToDeliver {
  transactionId: string;
  status: FinalStatus;
  amount: string;
  callbackUrl: string;
}

/** acknowledged: 2xx; refused: a 4xx (resending the same outcome cannot help); retrying: queued. */
export type DeliveryState = 'acknowledged' | 'refused' | 'retrying' | 'gave_up';

export type GatewayLog = (context: Record<string, unknown>, message: string) => void;

/**
 * Sends signed outcomes to the merchant's callbackUrl like a real gateway: the first attempt
 * while the payer waits, then retries in the background with exponential backoff (bounded),
 * each one signed afresh so its timestamp is never stale.
 */
export class SandboxCallbackSender {
  private readonly pending = new Set<Cancel>();
  private closed = false;

  constructor(
    private readonly store: SandboxPaymentStore,
    private readonly signer: HmacSigner,
    private readonly clock: Clock,
    private readonly log: GatewayLog,
    private readonly transport: CallbackTransport = fetchCallbackTransport,
    private readonly options: CallbackDeliveryOptions = DEFAULT_DELIVERY,
  ) {}

  /** Resolves after the first attempt; later attempts run in the background. */
  deliver(outcome: OutcomeToDeliver): Promise<DeliveryState> {
    return this.attempt(outcome, 1);
  }

  /** Retries still scheduled. */
  get pendingRetries(): number {
    return this.pending.size;
  }

  /** Drops pending retries (the gateway is shutting down). */
  close(): void {
    this.closed = true;
    for (const cancel of this.pending) cancel();
    this.pending.clear();
  }

  private async attempt(outcome: OutcomeToDeliver, attempt: number): Promise<DeliveryState> {
    const answer = await this.post(outcome);
    this.store.countAttempt(
      outcome.transactionId,
      answer === 'acknowledged' ? this.clock.now() : null,
    );
    if (answer === 'refused') {
      this.log({ transactionId: outcome.transactionId }, 'sandbox: callback refused (4xx)');
    }
    if (answer !== 'retry') return answer;
    if (attempt >= this.options.maxAttempts || this.closed) {
      this.log({ transactionId: outcome.transactionId, attempt }, 'sandbox: callback gave up');
      return 'gave_up';
    }
    const delay = this.options.baseDelayMs * 2 ** (attempt - 1);
    const cancel = this.clock.after(delay, () => {
      this.pending.delete(cancel);
      void this.attempt(outcome, attempt + 1).catch((error: unknown) =>
        this.log({ err: error }, 'sandbox: callback retry failed'),
      );
    });
    this.pending.add(cancel);
    return 'retrying';
  }

  private async post(outcome: OutcomeToDeliver): Promise<'acknowledged' | 'refused' | 'retry'> {
    const message = {
      transactionId: outcome.transactionId,
      status: outcome.status,
      amount: outcome.amount,
      timestamp: Math.floor(this.clock.now() / 1000),
    };
    const body = { ...message, signature: this.signer.sign(gatewayOutcomeCanonical(message)) };
    try {
      const status = await this.transport(
        outcome.callbackUrl,
        JSON.stringify(body),
        this.options.timeoutMs,
      );
      if (status >= 200 && status < 300) return 'acknowledged';
      // 429 and 5xx are worth another try; other 4xx mean the merchant refuses this outcome.
      if (status >= 400 && status < 500 && status !== 429) return 'refused';
      return 'retry';
    } catch (error) {
      this.log({ err: error, transactionId: outcome.transactionId }, 'sandbox: callback failed');
      return 'retry';
    }
  }
}
