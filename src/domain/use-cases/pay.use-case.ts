import type { PaymentMethod } from '../../contract/rules';
import { EventSource } from '../listeners';
import {
  handOffFor,
  type PaymentFailure,
  type PaymentRequestData,
  type PaymentStatus,
} from '../model/payment';
import type { Cancel, Clock } from '../ports/clock.port';
import type { GatewayPort, GatewayTab } from '../ports/gateway.port';
import type { Result } from '../../contract/result';
import type { InitiatePaymentUseCase } from './initiate-payment.use-case';
import type { WatchPaymentUseCase } from './watch-payment.use-case';

/** The receipt page opens about 1 s after the member was handed to the gateway. */
export const RECEIPT_REDIRECT_MS = 1000;
/** The status page opens 2 s after the payment completed. */
export const COMPLETED_REDIRECT_MS = 2000;

export interface PayInput {
  /** A validated decimal string such as '123.45'. */
  amount: string;
  paymentMethod: PaymentMethod;
  /** Fills the hand-off's custName when the server left it empty. */
  memberName?: string;
}

/** What happened, in order; a screen renders each and decides nothing. */
export type PayEvent =
  /** The payment request failed: the tab was closed; confirming again retries the attempt. */
  | { type: 'requestFailed'; failure: PaymentFailure }
  /** The payment exists (stored for the status page); its status is `request.status`. */
  | { type: 'initiated'; request: PaymentRequestData }
  /** No tab could be opened: a click on 'Continue to payment' must open one (continueInNewTab). */
  | { type: 'popupBlocked' }
  /** The member was handed to the gateway in the tab. */
  | { type: 'handedOff' }
  /** A status read by the 3 s polling; the final one ends it. */
  | { type: 'status'; status: PaymentStatus }
  /** 1 s after the hand-off: time to show the receipt. */
  | { type: 'showReceipt'; transactionId: string }
  /** 2 s after the payment completed: time to show the status page. */
  | { type: 'showStatusPage' };

interface Attempt {
  key: string;
  amount: string;
  paymentMethod: PaymentMethod;
}

/**
 * Paying, from the confirming click to the final status: open the gateway tab inside the click,
 * create the payment, hand off, poll every 3 s until final, and time the two redirects.
 * One instance per payment screen; dispose() when it unmounts leaves no timer behind.
 */
export class PayUseCase extends EventSource<PayEvent> {
  /** Sent as Idempotency-Key: the same for retries of one attempt, dropped once it succeeds. */
  private attempt: Attempt | null = null;
  private inFlight: Promise<Result<PaymentRequestData, PaymentFailure>> | null = null;
  private tab: GatewayTab | null = null;
  private request: PaymentRequestData | null = null;
  private memberName: string | undefined;
  private timers: Cancel[] = [];

  constructor(
    private readonly initiatePayment: InitiatePaymentUseCase,
    private readonly watchPayment: WatchPaymentUseCase,
    private readonly gateway: GatewayPort,
    private readonly clock: Clock,
  ) {
    super();
  }

  /**
   * Must be called synchronously inside the member's click: the gateway tab opens here, before
   * any await, so pop-up blockers let it through. Another amount or method is another attempt.
   */
  execute(input: PayInput): Promise<Result<PaymentRequestData, PaymentFailure>> {
    if (this.inFlight) return this.inFlight;
    this.stopTimers();
    this.memberName = input.memberName;
    this.tab = this.gateway.openTab();
    const same =
      this.attempt?.amount === input.amount && this.attempt.paymentMethod === input.paymentMethod;
    if (!same || this.attempt === null) {
      this.attempt = { key: this.gateway.newAttemptKey(), ...input };
    }
    this.inFlight = this.requestPayment(input, this.attempt.key);
    return this.inFlight;
  }

  /** 'Continue to payment' after a blocked pop-up: this click opens the tab and hands off. */
  continueInNewTab(): void {
    if (this.request === null || this.disposed) return;
    this.tab = this.gateway.openTab();
    if (this.tab === null) this.tell({ type: 'popupBlocked' });
    else this.handOff(this.request);
  }

  /** Stops polling and both redirects, and tells nobody anything more. */
  dispose(): void {
    this.endTelling();
    this.stopTimers();
  }

  private async requestPayment(
    input: PayInput,
    idempotencyKey: string,
  ): Promise<Result<PaymentRequestData, PaymentFailure>> {
    const result = await this.initiatePayment.execute({
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      idempotencyKey,
    });
    this.inFlight = null;
    if (!result.ok) {
      if (this.tab) this.gateway.close(this.tab);
      this.tab = null;
      this.tell({ type: 'requestFailed', failure: result.error });
      return result;
    }
    this.attempt = null;
    this.request = result.value;
    if (this.disposed) {
      // The member left while waiting, but the tab is open and the payment exists: hand off.
      if (this.tab) this.gateway.submit(this.tab, handOffFor(result.value, this.memberName));
      this.tab = null;
      return result;
    }
    this.tell({ type: 'initiated', request: result.value });
    if (this.tab) this.handOff(result.value);
    else this.tell({ type: 'popupBlocked' });
    if (result.value.status === 'pending') this.poll(result.value.payment_id);
    return result;
  }

  private handOff(request: PaymentRequestData): void {
    if (this.tab === null) return;
    this.gateway.submit(this.tab, handOffFor(request, this.memberName));
    this.tab = null;
    this.tell({ type: 'handedOff' });
    this.later(RECEIPT_REDIRECT_MS, () =>
      this.tell({ type: 'showReceipt', transactionId: request.transactionId }),
    );
  }

  private poll(paymentId: string): void {
    const stop = this.watchPayment.execute({
      paymentId,
      onStatus: (status) => {
        this.tell({ type: 'status', status });
        if (status === 'completed') {
          this.later(COMPLETED_REDIRECT_MS, () => this.tell({ type: 'showStatusPage' }));
        }
      },
    });
    this.timers.push(stop);
  }

  private later(ms: number, fn: () => void): void {
    const cancel = this.clock.after(ms, () => {
      this.timers = this.timers.filter((t) => t !== cancel);
      fn();
    });
    this.timers.push(cancel);
  }

  private stopTimers(): void {
    for (const cancel of this.timers) cancel();
    this.timers = [];
  }
}
