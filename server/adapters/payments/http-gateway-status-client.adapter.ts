import { getJsonObject } from './get-json-object';
import {
  type GatewayStatusAnswer,
  type GatewayStatusClient,
} from '../../ports/gateway-status-client.port';

/** A status query must not hold a reconciliation run (or a member's status read) for long. */
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * Queries the gateway's status endpoint: GET {statusUrl}/{transactionId}, answering 200 with the
 * signed body {transactionId, status, amount, timestamp, signature} or 404 when it never saw it.
 * The signature is checked by the caller, not here: this adapter only moves bytes.
 */
export class HttpGatewayStatusClient implements GatewayStatusClient {
  constructor(
    /** Read per query: the public origin may only be known once the server listens (tests). */
    private readonly statusUrl: () => string,
    private readonly timeoutMs: number = DEFAULT_TIMEOUT_MS,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async queryStatus(transactionId: string): Promise<GatewayStatusAnswer> {
    const url = `${this.statusUrl().replace(/\/+$/, '')}/${encodeURIComponent(transactionId)}`;
    const body = await getJsonObject(this.fetchFn, url, {
      headers: { Accept: 'application/json' },
      timeoutMs: this.timeoutMs,
      what: 'gateway status query',
    });
    return body === null ? { kind: 'not_found' } : { kind: 'found', body };
  }
}
