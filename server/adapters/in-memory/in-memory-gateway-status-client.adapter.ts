import {
  type GatewayStatusAnswer,
  type GatewayStatusClient,
} from '../../ports/gateway-status-client.port';

/**
 * A gateway status endpoint in memory: answers what was set for a payment, `not_found` for any
 * other, and rejects (an unreachable gateway) after `failWith`. Records every query asked.
 */
export class InMemoryGatewayStatusClient implements GatewayStatusClient {
  readonly queries: string[] = [];
  private readonly answers = new Map<string, Record<string, unknown>>();
  private outage: Error | null = null;

  async queryStatus(transactionId: string): Promise<GatewayStatusAnswer> {
    this.queries.push(transactionId);
    if (this.outage) throw this.outage;
    const body = this.answers.get(transactionId);
    return body === undefined ? { kind: 'not_found' } : { kind: 'found', body: { ...body } };
  }

  /** The signed body the gateway answers for a payment. */
  answer(transactionId: string, body: Record<string, unknown>): void {
    this.answers.set(transactionId, body);
  }

  /** Every query rejects with this error until `recover`. */
  failWith(error: Error = new Error('gateway unreachable')): void {
    this.outage = error;
  }

  recover(): void {
    this.outage = null;
  }
}
