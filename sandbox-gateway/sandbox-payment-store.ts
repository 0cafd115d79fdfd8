import { type PaymentStatus } from '../src/contract/payment';

export interface SandboxPayment {
  transactionId: string;
  clientId: string;
  /** '123.45', as signed in the hand-off. */
  amount: string;
  returnUrl: string;
  callbackUrl: string;
  /** SHA-256 (hex) of the token that lets only the tab holding it decide. */
  sessionTokenHash: string;
  status: PaymentStatus;
  createdAt: number;
  decidedAt: number | null;
  callbackAttempts: number;
  callbackAcknowledgedAt: number | null;
}

export type HandOffRecord = Pick<
  SandboxPayment,
  'transactionId' | 'clientId' | 'amount' | 'returnUrl' | 'callbackUrl' | 'sessionTokenHash'
>;

export type SeenResult =
  | { kind: 'pending'; payment: SandboxPayment }
  /** The gateway already has a decision for this payment: the page is not offered again. */
  | { kind: 'decided'; payment: SandboxPayment };

/** Enough for any development session or test run; the oldest are forgotten beyond it. */
export const DEFAULT_MAX_PAYMENTS = 10_000;

/**
 * The sandbox gateway's own books, in memory: the payments it has seen since it started. Like a
 * real gateway's, they are not the merchant's; a restart forgets them (status queries then
 * answer 404 and the API keeps such a payment pending).
 */
export class SandboxPaymentStore {
  private readonly payments = new Map<string, SandboxPayment>();

  constructor(private readonly maxPayments = DEFAULT_MAX_PAYMENTS) {}

  /**
   * Records a signed hand-off. A re-post while still pending (a reload, a second tab) hands the
   * decision to the newest tab by replacing the session token. A different payment under a
   * known transaction id keeps the first one's amount and URLs.
   */
  recordHandOff(handOff: HandOffRecord, now: number): SeenResult {
    const existing = this.payments.get(handOff.transactionId);
    if (existing) {
      if (existing.status !== 'pending') return { kind: 'decided', payment: { ...existing } };
      existing.sessionTokenHash = handOff.sessionTokenHash;
      return { kind: 'pending', payment: { ...existing } };
    }
    const payment: SandboxPayment = {
      ...handOff,
      status: 'pending',
      createdAt: now,
      decidedAt: null,
      callbackAttempts: 0,
      callbackAcknowledgedAt: null,
    };
    this.payments.set(payment.transactionId, payment);
    if (this.payments.size > this.maxPayments) {
      // Maps iterate in insertion order: the first key is the oldest payment.
      const oldest = this.payments.keys().next().value as string;
      this.payments.delete(oldest);
    }
    return { kind: 'pending', payment: { ...payment } };
  }

  /** A copy, so callers cannot change the books behind the store's back. */
  find(transactionId: string): SandboxPayment | null {
    const payment = this.payments.get(transactionId);
    return payment ? { ...payment } : null;
  }

  /** pending -> decision, once; false when it was already decided (or is unknown). */
  decide(transactionId: string, status: Exclude<PaymentStatus, 'pending'>, now: number): boolean {
    const payment = this.payments.get(transactionId);
    if (!payment || payment.status !== 'pending') return false;
    payment.status = status;
    payment.decidedAt = now;
    return true;
  }

  countAttempt(transactionId: string, acknowledgedAt: number | null): void {
    const payment = this.payments.get(transactionId);
    if (!payment) return;
    payment.callbackAttempts += 1;
    payment.callbackAcknowledgedAt ??= acknowledgedAt;
  }
}
