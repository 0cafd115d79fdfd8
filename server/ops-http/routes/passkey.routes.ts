import { OPERATOR_PASSWORD_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type FastifyInstance } from 'fastify';
import {
  type EnrolmentFinishPasskeyRequest,
  type EnrolmentStartRequest,
  OpsPaths,
  type PasskeySignInOptionsRequest,
  type PasskeySignInRequest,
} from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import {
  authenticationCredential,
  registrationCredential,
} from '../../http/routes/passkeys.routes';
import { type SessionCookie, sessionAnswer } from '../session-answer';
import { signInBudget } from '../sign-in-budget';

const body = (properties: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});
const TOKEN = { type: 'string', minLength: 10, maxLength: 200 };
const EMAIL = { type: 'string', minLength: 3, maxLength: 254 };
const PASSWORD = { type: 'string', maxLength: OPERATOR_PASSWORD_MAX_LENGTH };

/** An operator's passkey as their second factor: at enrolment, and at every sign-in after it. */
export function opsPasskeyRoutes(
  app: FastifyInstance,
  container: ServerContainer,
  setCookie: SessionCookie,
): void {
  const passkeys = container.operatorPasskeyFactor;
  // As the other sign-in and enrolment calls: 10 a minute per address over every instance.
  const strict = signInBudget(container);

  app.post<{ Body: EnrolmentStartRequest }>(
    OpsPaths.enrolmentPasskeyOptions,
    { ...strict, schema: { body: body({ token: TOKEN }) } },
    async (request) =>
      success('OK', valueOrThrow(await passkeys.enrolmentOptions(request.body.token))),
  );

  app.post<{ Body: EnrolmentFinishPasskeyRequest }>(
    OpsPaths.enrolmentFinishPasskey,
    {
      ...strict,
      schema: {
        body: body({ token: TOKEN, password: PASSWORD, credential: registrationCredential }),
      },
    },
    async (request) => {
      const { token, password, credential } = request.body;
      valueOrThrow(
        await passkeys.finishEnrolment({ token, password, credential, address: request.ip }),
      );
      return success('Enrolled. Sign in with your password and your passkey.');
    },
  );

  app.post<{ Body: PasskeySignInOptionsRequest }>(
    OpsPaths.signInPasskeyOptions,
    { ...strict, schema: { body: body({ email: EMAIL, password: PASSWORD }) } },
    async (request) => {
      const { email, password } = request.body;
      return success(
        'OK',
        valueOrThrow(await passkeys.signInOptions({ email, password, address: request.ip })),
      );
    },
  );

  app.post<{ Body: PasskeySignInRequest }>(
    OpsPaths.signInPasskey,
    { ...strict, schema: { body: body({ email: EMAIL, credential: authenticationCredential }) } },
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
