import { OPERATOR_NAME_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type FastifyInstance } from 'fastify';
import {
  type ChangeRoleRequest,
  type CreateOperatorRequest,
  type OperatorListResponse,
  OpsPaths,
  type ReasonRequest,
} from '../../../src/contract/ops-api';
import { OPS_ROLES } from '../../../src/contract/ops-roles';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { type OperatorListing } from '../../use-cases/ops/manage-operators.use-case';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { changeAnswerOf, opsOperatorApprovalRoutes } from './operator-approvals.routes';
import { enrolmentUrl } from './operator-wire';

const ROLE = { type: 'string', enum: [...OPS_ROLES] };

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

const objectOf = (properties: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

export { enrolmentUrl } from './operator-wire';

type ById<B = unknown> = { Params: { id: string }; Body: B };

/** Operators, for admins: list, create, role, disable, enable, reset the second factor. */
export function opsOperatorRoutes(app: FastifyInstance, container: ServerContainer): void {
  const manage = container.manageOperators;
  const changeAnswer = changeAnswerOf(container);
  const publicUrl = () => container.config.ops.publicUrl;
  const admin = (perMinute: number) => allowed(app, container, 'operators.manage', perMinute);
  const operator = (action: string) => `${OpsPaths.operators}/:id/${action}`;

  app.get(OpsPaths.operators, { preHandler: admin(60) }, async () =>
    success('OK', operatorList(await manage.list())),
  );

  app.post<{ Body: CreateOperatorRequest }>(
    OpsPaths.operators,
    {
      preHandler: admin(20),
      schema: {
        body: objectOf({
          name: { type: 'string', minLength: 1, maxLength: OPERATOR_NAME_MAX_LENGTH },
          email: { type: 'string', minLength: 3, maxLength: 254 },
          role: ROLE,
        }),
      },
    },
    async (request) => {
      const link = valueOrThrow(await manage.create(actorOf(request), request.body));
      return success('Operator created.', enrolmentUrl(publicUrl(), link));
    },
  );

  app.post<ById<ChangeRoleRequest>>(
    operator('role'),
    {
      preHandler: admin(20),
      schema: { params: ID_PARAMS, body: objectOf({ role: ROLE, reason: REASON_SCHEMA }) },
    },
    async (request) => {
      const { pending } = valueOrThrow(
        await manage.changeRole(actorOf(request), request.params.id, request.body),
      );
      const answer = await changeAnswer(pending);
      return success(pending ? 'The role change awaits a second admin.' : 'Role changed.', answer);
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post<ById<ReasonRequest>>(
      operator(action),
      {
        preHandler: admin(20),
        schema: { params: ID_PARAMS, body: objectOf({ reason: REASON_SCHEMA }) },
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
