import { type FastifyPluginAsync } from 'fastify';
import { type ServerContainer } from '../../container';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { passkeyOptionsAnswer, personalDataAnswer } from './answers';
import { authenticationCredential } from './passkeys.routes';
import { personalDataExport } from './personal-data-export';
import { route } from './route';
import { objectBody } from './schemas';

/**
 * The download reads every table about the member: a few a minute is plenty. Both budgets count
 * over all of the member's sessions.
 */
const DOWNLOADS_PER_MEMBER_PER_MINUTE = 5;
/** Password tries are also counted by the login throttle; this bounds the calls themselves. */
const DELETIONS_PER_MEMBER_PER_MINUTE = 5;
const TAGS = ['Personal data'];

/** The member's data ("download my data") and account ("delete my account"), under /api. */
export function personalDataRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    const downloads = memberRoute(DOWNLOADS_PER_MEMBER_PER_MINUTE, 'member');
    const deletions = memberRoute(DELETIONS_PER_MEMBER_PER_MINUTE, 'member');

    route(
      app,
      'personalData',
      {
        summary: 'Everything the portal keeps about the member',
        tags: TAGS,
        data: personalDataAnswer,
        options: downloads,
      },
      async (request) => {
        const memberId = memberOf(request).id;
        const result = await container.downloadPersonalData.execute({ memberId });
        return success('Your data.', personalDataExport(valueOrThrow(result)));
      },
    );

    route(
      app,
      'deleteAccount',
      {
        summary: 'Delete the member’s account, confirmed by password or passkey',
        tags: TAGS,
        body: objectBody(
          {
            // Loose like the login form's: a password set under older rules must still match.
            password: { type: 'string', minLength: 1, maxLength: 1024 },
            passkey: authenticationCredential,
            confirmation: { type: 'string', minLength: 1, maxLength: 64 },
          },
          ['confirmation'],
        ),
        data: undefined,
        options: deletions,
      },
      async (request) => {
        // The schema lets no other field through: the body is the deletion's input as it came,
        // and the member is the session's whatever the body holds.
        const deletion = { ...request.body, memberId: memberOf(request).id };
        valueOrThrow(await container.deleteAccount.execute(deletion));
        return success('Account deleted.');
      },
    );

    route(
      app,
      'deleteAccountPasskeyOptions',
      {
        summary: 'A passkey challenge to confirm the account’s deletion',
        tags: TAGS,
        data: passkeyOptionsAnswer,
        options: deletions,
      },
      async (request) => {
        const options = await container.passkeyConfirmation.options(memberOf(request).id);
        return success('Passkey options.', valueOrThrow(options));
      },
    );
  };
}
