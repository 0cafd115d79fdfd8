import { type FastifyInstance } from 'fastify';
import {
  type ClearSignInLockResponse,
  OpsPaths,
  type ReasonRequest,
} from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';

/**
 * An admin clears an operator's sign-in lock (wrong passwords or wrong second factors), with a
 * reason; audited. An unknown operator answers 404, as a role without the permission does.
 */
export function opsOperatorLockRoutes(app: FastifyInstance, container: ServerContainer): void {
  app.post<{ Params: { id: string }; Body: ReasonRequest }>(
    `${OpsPaths.operators}/:id/clear-sign-in-lock`,
    {
      preHandler: allowed(app, container, 'operators.manage', 20),
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          required: ['reason'],
          additionalProperties: false,
          properties: { reason: REASON_SCHEMA },
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const cleared = valueOrThrow(
        await container.operatorSignInLock.clear(actorOf(request), id, request.body.reason),
      );
      const answer: ClearSignInLockResponse = { cleared: cleared.cleared };
      return success('Sign-in lock cleared.', answer);
    },
  );
}
