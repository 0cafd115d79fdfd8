/**
 * Fetches the sandbox-style gateway's status answer for one payment (used when a callback may be
 * lost): the transport under SandboxGatewayAdapter, which verifies the answer like a callback.
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
