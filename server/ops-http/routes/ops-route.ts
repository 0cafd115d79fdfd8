import { type FastifyInstance } from 'fastify';
import {
  OpsApiPaths,
  type OpsEndpoint,
  type OpsEndpoints,
  opsMethodOf,
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
  const address = { name: endpoint, method: opsMethodOf(endpoint), url: OpsApiPaths[endpoint] };
  contractRoute(app, address, spec, handler);
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
