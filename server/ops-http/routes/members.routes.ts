import { type FastifyInstance } from 'fastify';
import {
  type MemberSearchQuery,
  OpsPaths,
  type ReasonRequest,
  type SetSignInRequest,
} from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { memberDetailResponse, memberSearchResponse, revealResponse } from './member-wire';

const reasonBody = (extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['reason', ...Object.keys(extra)],
  additionalProperties: false,
  properties: { reason: REASON_SCHEMA, ...extra },
});

type ById<B = unknown> = { Params: { id: string }; Body: B };

/** Member support: search, one member's page, and the actions, each with a reason. */
export function opsMemberRoutes(app: FastifyInstance, container: ServerContainer): void {
  const support = container.memberSupport;
  const member = (action: string) => `${OpsPaths.member}/:id/${action}`;

  app.get<{ Querystring: MemberSearchQuery }>(
    OpsPaths.members,
    {
      preHandler: allowed(app, container, 'members.read', 120),
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 100 },
            cursor: { type: 'string', maxLength: 400 },
          },
        },
      },
    },
    async (request) => {
      const { q, cursor } = request.query;
      const page = valueOrThrow(await support.search(actorOf(request), q, cursor));
      return success('OK', memberSearchResponse(page));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${OpsPaths.member}/:id`,
    { preHandler: allowed(app, container, 'members.read', 120), schema: { params: ID_PARAMS } },
    async (request) =>
      success('OK', memberDetailResponse(valueOrThrow(await support.detail(request.params.id)))),
  );

  app.post<ById<ReasonRequest>>(
    member('reveal'),
    {
      preHandler: allowed(app, container, 'members.reveal', 20),
      schema: { params: ID_PARAMS, body: reasonBody() },
    },
    async (request) => {
      const { id } = request.params;
      const revealed = valueOrThrow(
        await support.reveal(actorOf(request), id, request.body.reason),
      );
      return success('OK', revealResponse(revealed));
    },
  );

  app.post<ById<ReasonRequest>>(
    member('sign-out-everywhere'),
    {
      preHandler: allowed(app, container, 'members.support', 30),
      schema: { params: ID_PARAMS, body: reasonBody() },
    },
    async (request) => {
      const { id } = request.params;
      const done = valueOrThrow(
        await support.signOutEverywhere(actorOf(request), id, request.body.reason),
      );
      return success('Signed out everywhere.', { signed_out: done.signedOut });
    },
  );

  app.post<ById<ReasonRequest>>(
    member('clear-throttle'),
    {
      preHandler: allowed(app, container, 'members.support', 30),
      schema: { params: ID_PARAMS, body: reasonBody() },
    },
    async (request) => {
      valueOrThrow(
        await support.clearThrottle(actorOf(request), request.params.id, request.body.reason),
      );
      return success('Login throttle cleared.');
    },
  );

  app.post<ById<SetSignInRequest>>(
    member('sign-in'),
    {
      preHandler: allowed(app, container, 'members.support', 30),
      schema: { params: ID_PARAMS, body: reasonBody({ enabled: { type: 'boolean' } }) },
    },
    async (request) => {
      const { enabled, reason } = request.body;
      valueOrThrow(
        await support.setSignIn(actorOf(request), request.params.id, { enabled, reason }),
      );
      return success(enabled ? 'Sign-in enabled.' : 'Sign-in disabled.');
    },
  );
}
