import { isFinalStatus, type PaymentFailure, type PaymentStatus } from '../model/payment';
import type { Cancel, Clock } from '../ports/clock.port';
import { pollEvery } from '../poll-every';
import type { PollPaymentUseCase } from './poll-payment.use-case';

/** While a payment is pending its status is polled every 3 s. */
export const PAYMENT_POLL_MS = 3000;

export interface WatchPaymentInput {
  paymentId: string;
  /** Every status read, the final one last. */
  onStatus: (status: PaymentStatus) => void;
  /** A check that failed; the next one follows anyway. */
  onFailure?: (failure: PaymentFailure) => void;
}

/**
 * Polls one payment's status (GET /payment/status/{id}) every 3 s until it is final, then stops
 * by itself. A failed check is reported to onFailure, if given, and changes nothing else: the next
 * one follows 3 s later. Returns the way to stop early (the screen unmounted).
 */
export class WatchPaymentUseCase {
  constructor(
    private readonly pollPayment: PollPaymentUseCase,
    private readonly clock: Clock,
  ) {}

  execute(input: WatchPaymentInput): Cancel {
    let stopped = false;
    const stopPolling = pollEvery(this.clock, PAYMENT_POLL_MS, async () => {
      const result = await this.pollPayment.execute({ paymentId: input.paymentId });
      if (stopped) return false;
      if (!result.ok) {
        input.onFailure?.(result.error);
        return true;
      }
      input.onStatus(result.value);
      return !isFinalStatus(result.value);
    });
    return () => {
      stopped = true;
      stopPolling();
    };
  }
}
