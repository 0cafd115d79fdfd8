import { type FastifyPluginAsync } from 'fastify';
import { ApiPaths } from '../../../src/contract/api';
import { type DeleteAccountRequest } from '../../../src/contract/personal-data';
import { type ServerContainer } from '../../container';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { authenticationCredential } from './passkeys.routes';
import { objectBody } from './schemas';

/** The download reads every table about the member: a few a minute is plenty. */
const DOWNLOADS_PER_SESSION_PER_MINUTE = 5;
/** Password tries are also counted by the login throttle; this bounds the calls themselves. */
const DELETIONS_PER_SESSION_PER_MINUTE = 5;

/** The member's data ("download my data") and account ("delete my account"), under /api. */
export function personalDataRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get(
      ApiPaths.personalData,
      memberRoute(app, container, DOWNLOADS_PER_SESSION_PER_MINUTE),
      async (request) => {
        const result = await container.downloadPersonalData.execute({
          memberId: memberOf(request).id,
        });
        return success('Your data.', valueOrThrow(result));
      },
    );

    app.post<{ Body: DeleteAccountRequest }>(
      ApiPaths.deleteAccount,
      {
        ...memberRoute(app, container, DELETIONS_PER_SESSION_PER_MINUTE),
        schema: {
          body: objectBody(
            {
              // Loose like the login form's: a password set under older rules must still match.
              password: { type: 'string', minLength: 1, maxLength: 1024 },
              passkey: authenticationCredential,
              confirmation: { type: 'string', minLength: 1, maxLength: 64 },
            },
            ['confirmation'],
          ),
        },
      },
      async (request) => {
        valueOrThrow(
          await container.deleteAccount.execute({
            memberId: memberOf(request).id,
            password: request.body.password,
            passkey: request.body.passkey,
            confirmation: request.body.confirmation,
          }),
        );
        return success('Account deleted.');
      },
    );

    app.post(
      ApiPaths.deleteAccountPasskeyOptions,
      memberRoute(app, container, DELETIONS_PER_SESSION_PER_MINUTE),
      async (request) => {
        const options = await container.passkeyConfirmation.options(memberOf(request).id);
        return success('Passkey options.', valueOrThrow(options));
      },
    );
  };
}
