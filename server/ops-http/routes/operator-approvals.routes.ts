import { type FastifyInstance } from 'fastify';
import {
  type OperatorApprovalsResponse,
  type OperatorChangeResponse,
} from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { objectBody } from '../../http/routes/schemas';
import { type PendingOperatorChange } from '../../ports/operator-approvals.port';
import { type PendingApprovals } from '../../use-cases/ops/operator-approvals.use-case';
import { allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { changeDto, enrolmentUrl, OPERATOR_TAGS as TAGS, operatorActor } from './operator-wire';
import { approvalsAnswer, approveAnswer, operatorChangeAnswer } from './ops-answers';
import { opsRoute } from './ops-route';

const approvalsDto = (pending: PendingApprovals): OperatorApprovalsResponse => ({
  changes: pending.changes.map(changeDto),
  unconfirmed: pending.unconfirmed.map((one) => ({
    operator: one.operator,
    link_holder: one.linkHolder,
    enrolled: one.enrolled,
    since: one.since.toISOString(),
  })),
});

/** A change as the console shows it, with the names of the operator and the requester. */
export function changeAnswerOf(container: ServerContainer) {
  return async (pending: PendingOperatorChange | null): Promise<OperatorChangeResponse> => {
    if (pending === null) return { pending: null };
    const waiting = (await container.operatorApprovals.pending()).changes;
    const found = waiting.find((one) => one.id === pending.id);
    return { pending: found === undefined ? null : changeDto(found) };
  };
}

/**
 * The two-person rules, for admins: asking a second admin to reset an operator's second factor,
 * what waits for a second admin, approving or rejecting a change, and confirming an operator an
 * admin created or re-enrolled. Each with a reason.
 */
export function opsOperatorApprovalRoutes(app: FastifyInstance, container: ServerContainer): void {
  const approvals = container.operatorApprovals;
  const admin = (max: number) => ({ preHandler: allowed(app, container, 'operators.manage', max) });
  const reasonBody = objectBody({ reason: REASON_SCHEMA });
  const byId = () => ({ tags: TAGS, params: ID_PARAMS, body: reasonBody, options: admin(20) });

  opsRoute(
    app,
    'resetOperatorSecondFactor',
    {
      ...byId(),
      summary: 'Ask a second admin to reset an operator’s second factor',
      data: operatorChangeAnswer,
    },
    async (request) => {
      const { id } = request.params;
      const actor = operatorActor(request);
      const pending = valueOrThrow(await approvals.requestReset(actor, id, request.body.reason));
      return success('The reset awaits a second admin.', await changeAnswerOf(container)(pending));
    },
  );

  opsRoute(
    app,
    'operatorApprovals',
    {
      summary: 'What waits for a second admin',
      tags: TAGS,
      data: approvalsAnswer,
      options: admin(60),
    },
    async () => success('OK', approvalsDto(await approvals.pending())),
  );

  opsRoute(
    app,
    'approveOperatorChange',
    {
      ...byId(),
      summary: 'Approve another admin’s change (a reset answers its new enrolment link)',
      data: approveAnswer,
    },
    async (request) => {
      const { link } = valueOrThrow(
        await approvals.approve(operatorActor(request), request.params.id, request.body.reason),
      );
      const handOver = link && enrolmentUrl(container.config.ops.publicUrl, link);
      return success('Change approved.', { link: handOver });
    },
  );

  opsRoute(
    app,
    'rejectOperatorChange',
    { ...byId(), summary: 'Reject another admin’s change', data: undefined },
    async (request) => {
      valueOrThrow(
        await approvals.reject(operatorActor(request), request.params.id, request.body.reason),
      );
      return success('Change rejected.');
    },
  );

  opsRoute(
    app,
    'confirmOperator',
    {
      ...byId(),
      summary: 'Confirm an operator another admin created or re-enrolled',
      data: undefined,
    },
    async (request) => {
      valueOrThrow(
        await approvals.confirm(operatorActor(request), request.params.id, request.body.reason),
      );
      return success('Operator confirmed.');
    },
  );
}
