import { type FastifyPluginAsync } from 'fastify';
import { type MemberSessionDto, SESSION_ID_PATTERN } from '../../../src/contract/sessions';
import { type ServerContainer } from '../../container';
import { type LiveSession } from '../../use-cases/member-sessions.use-case';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { memberSessionsAnswer, signOutOthersAnswer } from './answers';
import { route } from './route';
import { objectBody } from './schemas';

/** The security page reads the list on opening and after each sign-out. */
const SESSION_LISTS_PER_SESSION_PER_MINUTE = 30;
/** Each sign-out revokes and notifies every instance: a member ends a few devices at a time. */
const SIGN_OUTS_PER_SESSION_PER_MINUTE = 20;
const TAGS = ['Sessions'];

/** A session as the security page lists it: its device and times, never its token. */
const sessionAnswerOf = ({ session, current }: LiveSession): MemberSessionDto => ({
  session_id: session.id,
  device: session.deviceLabel,
  started_at: session.createdAt.toISOString(),
  last_active_at: session.lastSeenAt.toISOString(),
  current,
});

/** Where the member is signed in, under /api behind authentication. */
export function sessionsRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      'memberSessions',
      {
        summary: 'Where the member is signed in',
        tags: TAGS,
        data: memberSessionsAnswer,
        options: memberRoute(SESSION_LISTS_PER_SESSION_PER_MINUTE),
      },
      async (request) => {
        const { id, sessionId } = memberOf(request);
        const list = await container.listMemberSessions.execute({ memberId: id, sessionId });
        return success('Sessions.', { sessions: valueOrThrow(list).map(sessionAnswerOf) });
      },
    );

    route(
      app,
      'signOutSession',
      {
        summary: 'Sign one of the member’s sessions out',
        tags: TAGS,
        body: objectBody({
          session_id: { type: 'string', pattern: SESSION_ID_PATTERN.source },
        }),
        data: undefined,
        options: memberRoute(SIGN_OUTS_PER_SESSION_PER_MINUTE),
      },
      async (request) => {
        const { id, sessionId } = memberOf(request);
        valueOrThrow(
          await container.signOutSession.execute({
            memberId: id,
            sessionId,
            targetSessionId: request.body.session_id,
          }),
        );
        return success('Signed out.');
      },
    );

    route(
      app,
      'signOutOtherSessions',
      {
        summary: 'Sign every other session of the member out',
        tags: TAGS,
        data: signOutOthersAnswer,
        options: memberRoute(SIGN_OUTS_PER_SESSION_PER_MINUTE),
      },
      async (request) => {
        const { id, sessionId } = memberOf(request);
        const { signedOut } = valueOrThrow(
          await container.signOutOtherSessions.execute({ memberId: id, sessionId }),
        );
        return success('Signed out of all other devices.', { signed_out: signedOut });
      },
    );
  };
}
