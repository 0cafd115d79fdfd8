import { type FastifyPluginAsync } from 'fastify';
import { ApiPaths } from '../../../src/contract/api';
import { SESSION_ID_PATTERN, type SignOutSessionRequest } from '../../../src/contract/sessions';
import { type ServerContainer } from '../../container';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { objectBody } from './schemas';

/** The security page reads the list on opening and after each sign-out. */
const SESSION_LISTS_PER_SESSION_PER_MINUTE = 30;
/** Each sign-out revokes and notifies every instance: a member ends a few devices at a time. */
const SIGN_OUTS_PER_SESSION_PER_MINUTE = 20;

/** Where the member is signed in, under /api behind authentication. */
export function sessionsRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get(
      ApiPaths.memberSessions,
      memberRoute(SESSION_LISTS_PER_SESSION_PER_MINUTE),
      async (request) => {
        const { id, sessionId } = memberOf(request);
        const list = await container.listMemberSessions.execute({ memberId: id, sessionId });
        return success('Sessions.', valueOrThrow(list));
      },
    );

    app.post<{ Body: SignOutSessionRequest }>(
      ApiPaths.signOutSession,
      {
        ...memberRoute(SIGN_OUTS_PER_SESSION_PER_MINUTE),
        schema: {
          body: objectBody({
            session_id: { type: 'string', pattern: SESSION_ID_PATTERN.source },
          }),
        },
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

    app.post(
      ApiPaths.signOutOtherSessions,
      memberRoute(SIGN_OUTS_PER_SESSION_PER_MINUTE),
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
