import { OPERATOR_NAME_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type FastifyInstance } from 'fastify';
import { type OperatorListResponse } from '../../../src/contract/ops-api';
import { OPS_ROLES } from '../../../src/contract/ops-roles';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { objectBody } from '../../http/routes/schemas';
import { type OperatorListing } from '../../use-cases/ops/manage-operators.use-case';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { changeAnswerOf, opsOperatorApprovalRoutes } from './operator-approvals.routes';
import { enrolmentUrl, OPERATOR_TAGS as TAGS } from './operator-wire';
import { enrolmentLinkAnswer, operatorChangeAnswer, operatorListAnswer } from './ops-answers';
import { opsRoute } from './ops-route';
import { EMAIL } from './sign-in-fields';

const ROLE = { type: 'string', enum: [...OPS_ROLES] };
const REASON_BODY = objectBody({ reason: REASON_SCHEMA });

const operatorList = (operators: OperatorListing[]): OperatorListResponse => ({
  items: operators.map((operator) => ({
    id: operator.id,
    name: operator.name,
    email: operator.email,
    role: operator.role,
    enrolled: operator.enrolledAt !== null,
    disabled: operator.disabledAt !== null,
    created_at: operator.createdAt.toISOString(),
  })),
});

export { enrolmentUrl } from './operator-wire';

/** Operators, for admins: list, create, role, disable, enable, reset the second factor. */
export function opsOperatorRoutes(app: FastifyInstance, container: ServerContainer): void {
  const manage = container.manageOperators;
  const changeAnswer = changeAnswerOf(container);
  const admin = (max: number) => ({ preHandler: allowed(app, container, 'operators.manage', max) });

  opsRoute(
    app,
    'operators',
    { summary: 'Every operator', tags: TAGS, data: operatorListAnswer, options: admin(60) },
    async () => success('OK', operatorList(await manage.list())),
  );

  opsRoute(
    app,
    'createOperator',
    {
      summary: 'Create an operator: their one-time enrolment link',
      tags: TAGS,
      body: objectBody({
        name: { type: 'string', minLength: 1, maxLength: OPERATOR_NAME_MAX_LENGTH },
        email: EMAIL,
        role: ROLE,
      }),
      data: enrolmentLinkAnswer,
      options: admin(20),
    },
    async (request) => {
      const link = valueOrThrow(await manage.create(actorOf(request), request.body));
      return success('Operator created.', enrolmentUrl(container.config.ops.publicUrl, link));
    },
  );

  opsRoute(
    app,
    'changeOperatorRole',
    {
      summary: 'Change an operator’s role (finance or admin waits for a second admin)',
      tags: TAGS,
      params: ID_PARAMS,
      body: objectBody({ role: ROLE, reason: REASON_SCHEMA }),
      data: operatorChangeAnswer,
      options: admin(20),
    },
    async (request) => {
      const { pending } = valueOrThrow(
        await manage.changeRole(actorOf(request), request.params.id, request.body),
      );
      const answer = await changeAnswer(pending);
      return success(pending ? 'The role change awaits a second admin.' : 'Role changed.', answer);
    },
  );

  for (const [endpoint, disabled] of [
    ['disableOperator', true],
    ['enableOperator', false],
  ] as const) {
    opsRoute(
      app,
      endpoint,
      {
        summary: disabled ? 'Disable an operator' : 'Enable an operator',
        tags: TAGS,
        params: ID_PARAMS,
        body: REASON_BODY,
        data: undefined,
        options: admin(20),
      },
      async (request) => {
        const { reason } = request.body;
        valueOrThrow(
          await manage.setDisabled(actorOf(request), request.params.id, { disabled, reason }),
        );
        return success(disabled ? 'Operator disabled.' : 'Operator enabled.');
      },
    );
  }

  opsOperatorApprovalRoutes(app, container);
}
