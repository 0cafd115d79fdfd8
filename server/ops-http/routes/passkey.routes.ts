import { type FastifyInstance } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import {
  authenticationCredential,
  registrationCredential,
} from '../../http/routes/passkeys.routes';
import { objectBody } from '../../http/routes/schemas';
import { type SessionCookie, sessionAnswer } from '../session-answer';
import { signInBudget } from '../sign-in-budget';
import { passkeyOptionsAnswer, sessionAnswerSchema } from './ops-answers';
import { opsRoute } from './ops-route';
import { EMAIL, PASSWORD, SIGN_IN_TAGS as TAGS, TOKEN } from './sign-in-fields';

/** An operator's passkey as their second factor: at enrolment, and at every sign-in after it. */
export function opsPasskeyRoutes(
  app: FastifyInstance,
  container: ServerContainer,
  setCookie: SessionCookie,
): void {
  const passkeys = container.operatorPasskeyFactor;
  // As the other sign-in and enrolment calls: 10 a minute per address over every instance.
  const strict = signInBudget(container);

  opsRoute(
    app,
    'enrolmentPasskeyOptions',
    {
      summary: 'A passkey’s creation options, to enrol with a passkey',
      tags: TAGS,
      body: objectBody({ token: TOKEN }),
      data: passkeyOptionsAnswer,
      options: strict,
    },
    async (request) =>
      success('OK', valueOrThrow(await passkeys.enrolmentOptions(request.body.token))),
  );

  opsRoute(
    app,
    'enrolmentFinishPasskey',
    {
      summary: 'Finish enrolment with a password and a passkey',
      tags: TAGS,
      body: objectBody({ token: TOKEN, password: PASSWORD, credential: registrationCredential }),
      data: undefined,
      options: strict,
    },
    async (request) => {
      const { token, password, credential } = request.body;
      valueOrThrow(
        await passkeys.finishEnrolment({ token, password, credential, address: request.ip }),
      );
      return success('Enrolled. Sign in with your password and your passkey.');
    },
  );

  opsRoute(
    app,
    'signInPasskeyOptions',
    {
      summary: 'Check email and password, then a passkey’s request options',
      tags: TAGS,
      body: objectBody({ email: EMAIL, password: PASSWORD }),
      data: passkeyOptionsAnswer,
      options: strict,
    },
    async (request) => {
      const { email, password } = request.body;
      const options = await passkeys.signInOptions({ email, password, address: request.ip });
      return success('OK', valueOrThrow(options));
    },
  );

  opsRoute(
    app,
    'signInPasskey',
    {
      summary: 'Sign in with the passkey’s answer',
      tags: TAGS,
      body: objectBody({ email: EMAIL, credential: authenticationCredential }),
      data: sessionAnswerSchema,
      options: strict,
    },
    async (request, reply) => {
      const { email, credential } = request.body;
      const signedIn = valueOrThrow(
        await passkeys.signIn({ email, credential, address: request.ip }),
      );
      setCookie(reply, signedIn.token);
      return success('Signed in.', sessionAnswer(signedIn, signedIn.csrfToken));
    },
  );
}
