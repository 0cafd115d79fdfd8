import { type FastifyInstance } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { objectBody } from '../../http/routes/schemas';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { OPERATOR_TAGS } from './operator-wire';
import { signInLockAnswer } from './ops-answers';
import { opsRoute } from './ops-route';

/**
 * An admin clears an operator's sign-in lock (wrong passwords or wrong second factors), with a
 * reason; audited. An unknown operator answers 404, as a role without the permission does.
 */
export function opsOperatorLockRoutes(app: FastifyInstance, container: ServerContainer): void {
  opsRoute(
    app,
    'clearOperatorSignInLock',
    {
      summary: 'Clear an operator’s sign-in lock',
      tags: OPERATOR_TAGS,
      params: ID_PARAMS,
      body: objectBody({ reason: REASON_SCHEMA }),
      data: signInLockAnswer,
      options: { preHandler: allowed(app, container, 'operators.manage', 20) },
    },
    async (request) => {
      const { id } = request.params;
      const cleared = valueOrThrow(
        await container.operatorSignInLock.clear(actorOf(request), id, request.body.reason),
      );
      return success('Sign-in lock cleared.', { cleared: cleared.cleared });
    },
  );
}
