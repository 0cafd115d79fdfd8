import {
  OpsApiPaths,
  type OpsEndpoint as ContractEndpoint,
  type OpsRequestOf as ContractRequest,
  type OpsResponseOf as ContractResponse,
  opsMethodOf,
  opsNeedsCsrf,
  opsPathOf,
} from '../../../src/contract/ops-endpoints';

/**
 * The console's calls, as the contract types them (src/contract/ops-endpoints.ts): the exports
 * are files the console downloads (OpsHttpPort.download), every other call answers the envelope.
 */
export type OpsEndpoint = Exclude<ContractEndpoint, 'auditExport' | 'paymentsExport'>;

interface EndpointSpec {
  method: 'GET' | 'POST';
  /** Whether the call carries the session's CSRF token (every POST but sign-in and enrolment). */
  csrf: boolean;
}

const spec = (endpoint: ContractEndpoint): EndpointSpec => ({
  method: opsMethodOf(endpoint),
  csrf: opsNeedsCsrf(endpoint),
});

/** Every console API call's method and whether it needs CSRF, from the contract. */
export const OPS_ENDPOINTS = Object.fromEntries(
  (Object.keys(OpsApiPaths) as ContractEndpoint[]).map((endpoint) => [endpoint, spec(endpoint)]),
) as Record<ContractEndpoint, EndpointSpec>;

/** The refund actions' answers are not read: the payment's page reloads after each. */
type UnreadAnswer = 'approveRefund' | 'rejectRefund' | 'retryRefund' | 'closeRefund';

/** A call without a request sends none; one without data answers null. */
export type OpsRequestOf<E extends OpsEndpoint> = [ContractRequest<E>] extends [void]
  ? undefined
  : ContractRequest<E>;
export type OpsResponseOf<E extends OpsEndpoint> = E extends UnreadAnswer
  ? unknown
  : [ContractResponse<E>] extends [void]
    ? null
    : ContractResponse<E>;

/** The path of a call, its id (URL-encoded) in place of the contract's `:id`. */
export { opsPathOf };
