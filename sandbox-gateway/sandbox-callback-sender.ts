import { gatewayOutcomeCanonical } from '../../src/contract/sandbox-gateway';
import { type Clock } from '../ports/clock.port';
import { type PaymentSigner } from '../ports/payment-signer.port';
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

export interface OutcomeToDeliver {
  transactionId: string;
  status: 'completed' | 'failed';
  amount: string;
  callbackUrl: string;
}

/** acknowledged: 2xx; refused: a 4xx (resending the same outcome cannot help); retrying: queued. */
export type DeliveryState = 'acknowledged' | 'refused' | 'retrying' | 'gave_up';

type Log = (context: Record<string, unknown>, message: string) => void;

/**
 * Sends signed outcomes to the merchant's callbackUrl like a real gateway: the first attempt
 * while the payer waits, then retries in the background with exponential backoff (bounded),
 * each one signed afresh so its timestamp is never stale.
 */
export class SandboxCallbackSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly store: SandboxPaymentStore,
    private readonly signer: PaymentSigner,
    private readonly clock: Clock,
    private readonly log: Log,
    private readonly options: CallbackDeliveryOptions = DEFAULT_DELIVERY,
  ) {}

  /** Resolves after the first attempt; later attempts run in the background. */
  deliver(outcome: OutcomeToDeliver): Promise<DeliveryState> {
    return this.attempt(outcome, 1);
  }

  /** Stops pending retries (the server is shutting down). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(outcome: OutcomeToDeliver, attempt: number): Promise<DeliveryState> {
    const answer = await this.post(outcome);
    await this.store
      .countAttempt(outcome.transactionId, answer === 'acknowledged' ? this.clock.now() : null)
      .catch((error: unknown) => this.log({ err: error }, 'sandbox: could not count attempt'));
    if (answer !== 'retry') {
      if (answer === 'refused') {
        this.log({ transactionId: outcome.transactionId }, 'sandbox: callback refused (4xx)');
      }
      return answer;
    }
    if (attempt >= this.options.maxAttempts || this.closed) {
      this.log({ transactionId: outcome.transactionId, attempt }, 'sandbox: callback gave up');
      return 'gave_up';
    }
    const delay = this.options.baseDelayMs * 2 ** (attempt - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(outcome, attempt + 1).catch((error: unknown) =>
        this.log({ err: error }, 'sandbox: callback retry failed'),
      );
    }, delay);
    // Background retries must not keep a stopping process alive.
    timer.unref();
    this.timers.add(timer);
    return 'retrying';
  }

  private async post(outcome: OutcomeToDeliver): Promise<'acknowledged' | 'refused' | 'retry'> {
    const message = {
      transactionId: outcome.transactionId,
      status: outcome.status,
      amount: outcome.amount,
      timestamp: Math.floor(this.clock.now().getTime() / 1000),
    };
    const body = { ...message, signature: this.signer.sign(gatewayOutcomeCanonical(message)) };
    try {
      const response = await fetch(outcome.callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (response.ok) return 'acknowledged';
      // 429 and 5xx are worth another try; other 4xx mean the merchant refuses this outcome.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        return 'refused';
      }
      return 'retry';
    } catch (error) {
      this.log({ err: error, transactionId: outcome.transactionId }, 'sandbox: callback failed');
      return 'retry';
    }
  }
}
