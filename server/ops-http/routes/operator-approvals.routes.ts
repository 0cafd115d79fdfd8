import { type FastifyInstance } from 'fastify';
import {
  type ApproveChangeResponse,
  type OperatorApprovalsResponse,
  type OperatorChangeResponse,
  OpsPaths,
  type ReasonRequest,
} from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { type PendingOperatorChange } from '../../ports/operator-approvals.port';
import { type PendingApprovals } from '../../use-cases/ops/operator-approvals.use-case';
import { allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { changeDto, enrolmentUrl, operatorActor } from './operator-wire';

type ById = { Params: { id: string }; Body: ReasonRequest };

const REASON_BODY = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: REASON_SCHEMA },
};

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
 * The two-person rules, for admins: asking a second admin to reset an operator's second factor, what waits for a second admin, approving or rejecting a
 * change, and confirming an operator an admin created or re-enrolled. Each with a reason.
 */
export function opsOperatorApprovalRoutes(app: FastifyInstance, container: ServerContainer): void {
  const approvals = container.operatorApprovals;
  const admin = (perMinute: number) => allowed(app, container, 'operators.manage', perMinute);
  const schema = { params: ID_PARAMS, body: REASON_BODY };

  app.post<ById>(
    `${OpsPaths.operators}/:id/reset-second-factor`,
    { preHandler: admin(20), schema },
    async (request) => {
      const { id } = request.params;
      const actor = operatorActor(request);
      const pending = valueOrThrow(await approvals.requestReset(actor, id, request.body.reason));
      return success('The reset awaits a second admin.', await changeAnswerOf(container)(pending));
    },
  );

  app.get(OpsPaths.operatorApprovals, { preHandler: admin(60) }, async () =>
    success('OK', approvalsDto(await approvals.pending())),
  );

  app.post<ById>(
    `${OpsPaths.operatorChanges}/:id/approve`,
    { preHandler: admin(20), schema },
    async (request) => {
      const { link } = valueOrThrow(
        await approvals.approve(operatorActor(request), request.params.id, request.body.reason),
      );
      const answer: ApproveChangeResponse = {
        link: link === null ? null : enrolmentUrl(container.config.ops.publicUrl, link),
      };
      return success('Change approved.', answer);
    },
  );

  app.post<ById>(
    `${OpsPaths.operatorChanges}/:id/reject`,
    { preHandler: admin(20), schema },
    async (request) => {
      valueOrThrow(
        await approvals.reject(operatorActor(request), request.params.id, request.body.reason),
      );
      return success('Change rejected.');
    },
  );

  app.post<ById>(
    `${OpsPaths.operators}/:id/confirm`,
    { preHandler: admin(20), schema },
    async (request) => {
      valueOrThrow(
        await approvals.confirm(operatorActor(request), request.params.id, request.body.reason),
      );
      return success('Operator confirmed.');
    },
  );
}
