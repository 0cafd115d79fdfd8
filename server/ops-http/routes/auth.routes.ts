import { OPERATOR_PASSWORD_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type FastifyInstance } from 'fastify';
import {
  type EnrolmentFinishRequest,
  type EnrolmentStartRequest,
  type EnrolmentStartResponse,
  OpsPaths,
  type SignInRequest,
} from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { ApiError, valueOrThrow } from '../../http/errors';
import { csrfTokenFor, type EnrolmentStart } from '../../use-cases/ops/operator-auth.use-case';
import { type Result, type UseCaseError } from '../../use-cases/result';
import { OPS_ABSOLUTE_TIMEOUT_MS } from '../../domain/ops/operator';
import { allowed, SESSION_COOKIE } from '../guard';
import { type SessionCookie, sessionAnswer } from '../session-answer';
import { opsPasskeyRoutes } from './passkey.routes';
import { signInBudget } from '../sign-in-budget';

const body = (properties: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});
const TOKEN = { type: 'string', minLength: 10, maxLength: 200 };
const PASSWORD = { type: 'string', maxLength: OPERATOR_PASSWORD_MAX_LENGTH };
const CODE = { type: 'string', pattern: '^[0-9]{6}$' };

/** An opened enrolment link as the console reads it (or the refusal, thrown). */
function enrolment(result: Result<EnrolmentStart, UseCaseError>): EnrolmentStartResponse {
  const started = valueOrThrow(result);
  return {
    name: started.name,
    email: started.email,
    role: started.role,
    totp_secret: started.totpSecret,
    totp_uri: started.totpUri,
  };
}

/** Enrolment, sign-in with both factors, the session, sign-out. */
export function opsAuthRoutes(
  app: FastifyInstance,
  container: ServerContainer,
  opts: { secureCookie: boolean },
): void {
  const auth = container.operatorAuth;
  const setCookie: SessionCookie = (reply, token) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      path: '/',
      // The cookie of a new session lives no longer than the session can.
      maxAge: OPS_ABSOLUTE_TIMEOUT_MS / 1000,
    });
  // Sign-in and enrolment: 10 a minute per address over every instance, beside the throttle.
  const strict = signInBudget(container);

  app.post<{ Body: EnrolmentStartRequest }>(
    OpsPaths.enrolmentStart,
    { ...strict, schema: { body: body({ token: TOKEN }) } },
    async ({ body, ip }) => success('OK', enrolment(await auth.startEnrolment(body.token, ip))),
  );

  app.post<{ Body: EnrolmentFinishRequest }>(
    OpsPaths.enrolmentFinish,
    {
      ...strict,
      schema: {
        body: body({ token: TOKEN, password: PASSWORD, totp_code: CODE }),
      },
    },
    async (request) => {
      const { token, password, totp_code: totpCode } = request.body;
      valueOrThrow(await auth.finishEnrolment({ token, password, totpCode, address: request.ip }));
      return success('Enrolled. Sign in with your password and a code.');
    },
  );

  app.post<{ Body: SignInRequest }>(
    OpsPaths.signIn,
    {
      ...strict,
      schema: {
        body: body({
          email: { type: 'string', minLength: 3, maxLength: 254 },
          password: PASSWORD,
          totp_code: CODE,
        }),
      },
    },
    async (request, reply) => {
      const { email, password, totp_code: totpCode } = request.body;
      const signedIn = valueOrThrow(
        await auth.signIn({ email, password, totpCode, address: request.ip }),
      );
      setCookie(reply, signedIn.token);
      return success('Signed in.', sessionAnswer(signedIn, signedIn.csrfToken));
    },
  );

  opsPasskeyRoutes(app, container, setCookie);

  app.get(OpsPaths.session, { preHandler: allowed(app, container, null, 120) }, async (request) => {
    const signedIn = request.operator;
    if (signedIn === undefined) throw new ApiError('AUTH_REQUIRED');
    const token = request.cookies[SESSION_COOKIE] ?? '';
    return success('OK', sessionAnswer(signedIn, csrfTokenFor(token)));
  });

  app.post(
    OpsPaths.signOut,
    { preHandler: allowed(app, container, null, 30) },
    async (request, reply) => {
      if (request.operator) await auth.signOut(request.operator, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return success('Signed out.');
    },
  );
}
