import { type FastifyRequest } from 'fastify';
import { type EnrolmentLinkResponse, type OperatorChangeDto } from '../../../src/contract/ops-api';
import { ApiError } from '../../http/errors';
import { type Actor } from '../../use-cases/ops/actor';
import { type EnrolmentLink } from '../../use-cases/ops/manage-operators.use-case';
import { type PendingApprovals } from '../../use-cases/ops/operator-approvals.use-case';
import { actorOf } from '../guard';

export const OPERATOR_TAGS = ['Operators'];

/** The one-time link an operator enrols with: the token in the fragment, never sent to a server. */
export function enrolmentUrl(publicUrl: string, link: EnrolmentLink): EnrolmentLinkResponse {
  return {
    enrolment_url: `${publicUrl}/enrol#token=${encodeURIComponent(link.token)}`,
    expires_at: link.expiresAt.toISOString(),
  };
}

/** The signed-in operator as an actor (every console route has one). */
export function operatorActor(request: FastifyRequest): Extract<Actor, { kind: 'operator' }> {
  const actor = actorOf(request);
  if (actor.kind !== 'operator') throw new ApiError('AUTH_REQUIRED');
  return actor;
}

export const changeDto = (change: PendingApprovals['changes'][number]): OperatorChangeDto => ({
  id: change.id,
  operator: change.operator,
  kind: change.kind,
  role: change.role,
  reason: change.reason,
  requested_by: change.requester,
  requested_at: change.requestedAt.toISOString(),
});
