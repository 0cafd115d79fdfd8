/**
 * Asks the payment gateway what it knows about one payment (used when a callback may be lost).
 * The answer is passed on as received: the caller verifies its signature like a callback.
 */
export type GatewayStatusAnswer =
  | {
      kind: 'found';
      /** The signed body: {transactionId, status, amount, timestamp, signature}. */
      body: Record<string, unknown>;
    }
  | { kind: 'not_found' };

export interface GatewayStatusClient {
  /** Throws when the gateway cannot be reached or answers nonsense; the caller retries later. */
  queryStatus(transactionId: string): Promise<GatewayStatusAnswer>;
}

export const GATEWAY_STATUS_CLIENT = Symbol.for('GatewayStatusClient');
