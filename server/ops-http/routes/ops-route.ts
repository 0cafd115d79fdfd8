import { type FastifyInstance } from 'fastify';
import {
  OpsApiPaths,
  type OpsEndpoint,
  type OpsEndpoints,
  opsMethodOf,
  opsWrites,
} from '../../../src/contract/ops-endpoints';
import {
  type CallHandler,
  type CallSpec,
  contractRoute,
  FAILURE_SCHEMA,
} from '../../http/routes/route';

/**
 * One call of the console's contract, `OpsEndpoints` (src/contract/ops-endpoints.ts), through the
 * member API's route helper: its method and path (with its `:id`) from the contract, its request
 * and answer typed from it, and its schemas validating the request, serialising the answer and
 * describing both in docs/openapi-console.json.
 */
export function opsRoute<E extends OpsEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  spec: CallSpec<OpsEndpoints[E]>,
  handler: CallHandler<OpsEndpoints[E], (typeof OpsApiPaths)[E]>,
): void {
  const method = opsMethodOf(endpoint);
  const address = { name: endpoint, method, url: OpsApiPaths[endpoint] };
  // A GET that writes (an export, audited) is guarded as a POST is: the CSRF header and the
  // Origin check (guard.ts, origin-check.ts), as the contract tells the console to send it.
  const writes = method === 'GET' && opsWrites(endpoint);
  const options = writes
    ? { ...spec.options, config: { ...spec.options?.config, writes: true } }
    : spec.options;
  contractRoute(app, address, { ...spec, options }, handler);
}

/** The answers of an export: the file as an attachment (200), or a coded failure. */
export function fileResponses(mediaType: string, description: string) {
  return {
    200: {
      description: `${description} As an attachment.`,
      content: { [mediaType]: { schema: { type: 'string' } } },
    },
    default: FAILURE_SCHEMA,
  };
}
