import { type FastifyInstance } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { objectBody } from '../../http/routes/schemas';
import { actorOf, allowed, ID_PARAMS, REASON_SCHEMA } from '../guard';
import { memberDetailResponse, memberSearchResponse, revealResponse } from './member-wire';
import {
  memberDetailAnswer,
  memberSearchAnswer,
  revealAnswer,
  signedOutAnswer,
} from './ops-answers';
import { opsRoute } from './ops-route';

const REASON_BODY = objectBody({ reason: REASON_SCHEMA });
const TAGS = ['Members'];

/** Member support: search, one member's page, and the actions, each with a reason. */
export function opsMemberRoutes(app: FastifyInstance, container: ServerContainer): void {
  const support = container.memberSupport;
  const read = () => ({ preHandler: allowed(app, container, 'members.read', 120) });
  const act = (perMinute: number) => ({
    preHandler: allowed(app, container, 'members.support', perMinute),
  });

  opsRoute(
    app,
    'searchMembers',
    {
      summary: 'Find members by phone, IC/passport or name prefix',
      tags: TAGS,
      querystring: {
        type: 'object',
        required: ['q'],
        additionalProperties: false,
        properties: {
          q: { type: 'string', maxLength: 100 },
          cursor: { type: 'string', maxLength: 400 },
        },
      },
      data: memberSearchAnswer,
      options: read(),
    },
    async (request) => {
      const { q, cursor } = request.query;
      const page = valueOrThrow(await support.search(actorOf(request), q, cursor));
      return success('OK', memberSearchResponse(page));
    },
  );

  opsRoute(
    app,
    'member',
    {
      summary: 'One member’s page, personal data masked',
      tags: TAGS,
      params: ID_PARAMS,
      data: memberDetailAnswer,
      options: read(),
    },
    async (request) =>
      success('OK', memberDetailResponse(valueOrThrow(await support.detail(request.params.id)))),
  );

  opsRoute(
    app,
    'revealMember',
    {
      summary: 'Show one member’s personal data unmasked',
      tags: TAGS,
      params: ID_PARAMS,
      body: REASON_BODY,
      data: revealAnswer,
      options: { preHandler: allowed(app, container, 'members.reveal', 20) },
    },
    async (request) => {
      const { id } = request.params;
      const revealed = valueOrThrow(
        await support.reveal(actorOf(request), id, request.body.reason),
      );
      return success('OK', revealResponse(revealed));
    },
  );

  opsRoute(
    app,
    'signMemberOutEverywhere',
    {
      summary: 'Sign a member out of every session',
      tags: TAGS,
      params: ID_PARAMS,
      body: REASON_BODY,
      data: signedOutAnswer,
      options: act(30),
    },
    async (request) => {
      const { id } = request.params;
      const done = valueOrThrow(
        await support.signOutEverywhere(actorOf(request), id, request.body.reason),
      );
      return success('Signed out everywhere.', { signed_out: done.signedOut });
    },
  );

  opsRoute(
    app,
    'clearMemberThrottle',
    {
      summary: 'Clear a member’s login throttle',
      tags: TAGS,
      params: ID_PARAMS,
      body: REASON_BODY,
      data: undefined,
      options: act(30),
    },
    async (request) => {
      valueOrThrow(
        await support.clearThrottle(actorOf(request), request.params.id, request.body.reason),
      );
      return success('Login throttle cleared.');
    },
  );

  opsRoute(
    app,
    'setMemberSignIn',
    {
      summary: 'Disable or enable a member’s sign-in',
      tags: TAGS,
      params: ID_PARAMS,
      body: objectBody({ reason: REASON_SCHEMA, enabled: { type: 'boolean' } }),
      data: undefined,
      options: act(30),
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
