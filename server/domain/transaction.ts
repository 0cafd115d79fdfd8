import type { PaymentMethod } from '../../src/contract/rules';
import type { Sen } from '../../src/contract/money';

import type { FinalStatus, PaymentStatus } from '../../src/contract/payment';

export type { FinalStatus };
export type TransactionStatus = PaymentStatus;

export interface Transaction {
  /** Public, unguessable id (see generateTransactionId); also used as payment_id on the wire. */
  readonly transactionId: string;
  readonly memberId: string;
  readonly amountSen: Sen;
  readonly paymentMethod: PaymentMethod;
  readonly status: TransactionStatus;
  /** The gateway that took the payment: its callbacks and status queries go to that gateway. */
  readonly gateway: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** 'TXN' + 24 RFC 4648 base32 characters = 120 random bits: unguessable and URL-safe. */
export const TRANSACTION_ID_PATTERN = /^TXN[A-Z2-7]{24}$/;
const TRANSACTION_ID_RANDOM_BYTES = 15;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Randomness comes in from outside (crypto.randomBytes in production) so the domain stays pure. */
export type RandomBytes = (size: number) => Uint8Array;

export function generateTransactionId(randomBytes: RandomBytes): string {
  const bytes = randomBytes(TRANSACTION_ID_RANDOM_BYTES);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    // Keep only the bits not yet emitted so `value` never overflows 32 bits.
    value &= (1 << bits) - 1;
  }
  return `TXN${out}`;
}

export const isTransactionId = (value: unknown): value is string =>
  typeof value === 'string' && TRANSACTION_ID_PATTERN.test(value);

export const isFinalStatus = (value: unknown): value is FinalStatus =>
  value === 'completed' || value === 'failed';

/**
 * What a reported outcome does to a transaction. Status only moves forward:
 * pending -> completed | failed, and a final status never changes again.
 */
export type OutcomeDecision =
  | { kind: 'apply'; to: FinalStatus }
  | { kind: 'duplicate' }
  | { kind: 'contradiction'; current: FinalStatus };

export function decideOutcome(current: TransactionStatus, reported: FinalStatus): OutcomeDecision {
  if (current === 'pending') return { kind: 'apply', to: reported };
  if (current === reported) return { kind: 'duplicate' };
  return { kind: 'contradiction', current };
}

/** A pending payment older than this is re-queried from the gateway (a callback may be lost). */
export function isStalePending(tx: Transaction, now: Date, reconcileAfterS: number): boolean {
  return (
    tx.status === 'pending' && now.getTime() - tx.createdAt.getTime() >= reconcileAfterS * 1000
  );
}
