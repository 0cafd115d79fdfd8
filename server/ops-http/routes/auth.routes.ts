import { type FastifyInstance } from 'fastify';
import { type EnrolmentStartResponse } from '../../../src/contract/ops-api';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { ApiError, valueOrThrow } from '../../http/errors';
import { objectBody } from '../../http/routes/schemas';
import { csrfTokenFor, type EnrolmentStart } from '../../use-cases/ops/operator-auth.use-case';
import { type Result, type UseCaseError } from '../../use-cases/result';
import { OPS_ABSOLUTE_TIMEOUT_MS } from '../../domain/ops/operator';
import { allowed, SESSION_COOKIE } from '../guard';
import { type SessionCookie, sessionAnswer } from '../session-answer';
import { enrolmentStartAnswer, sessionAnswerSchema } from './ops-answers';
import { opsPasskeyRoutes } from './passkey.routes';
import { opsRoute } from './ops-route';
import { EMAIL, PASSWORD, SIGN_IN_TAGS as TAGS, TOKEN, TOTP_CODE } from './sign-in-fields';
import { signInBudget } from '../sign-in-budget';

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

  opsRoute(
    app,
    'enrolmentStart',
    {
      summary: 'Open an enrolment link: the operator and a new authenticator secret',
      tags: TAGS,
      body: objectBody({ token: TOKEN }),
      data: enrolmentStartAnswer,
      options: strict,
    },
    async ({ body, ip }) => success('OK', enrolment(await auth.startEnrolment(body.token, ip))),
  );

  opsRoute(
    app,
    'enrolmentFinish',
    {
      summary: 'Finish enrolment with a password and the authenticator’s code',
      tags: TAGS,
      body: objectBody({ token: TOKEN, password: PASSWORD, totp_code: TOTP_CODE }),
      data: undefined,
      options: strict,
    },
    async (request) => {
      const { token, password, totp_code: totpCode } = request.body;
      valueOrThrow(await auth.finishEnrolment({ token, password, totpCode, address: request.ip }));
      return success('Enrolled. Sign in with your password and a code.');
    },
  );

  opsRoute(
    app,
    'signIn',
    {
      summary: 'Sign in with email, password and the authenticator’s code',
      tags: TAGS,
      body: objectBody({ email: EMAIL, password: PASSWORD, totp_code: TOTP_CODE }),
      data: sessionAnswerSchema,
      options: strict,
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
  opsSessionRoutes(app, container);
}

/** The signed-in operator's session: what it holds, and its end. */
function opsSessionRoutes(app: FastifyInstance, container: ServerContainer): void {
  const auth = container.operatorAuth;
  opsRoute(
    app,
    'session',
    {
      summary: 'The signed-in operator, their permissions and their session’s ends',
      tags: TAGS,
      data: sessionAnswerSchema,
      options: { preHandler: allowed(app, container, null, 120) },
    },
    async (request) => {
      const signedIn = request.operator;
      if (signedIn === undefined) throw new ApiError('AUTH_REQUIRED');
      const token = request.cookies[SESSION_COOKIE] ?? '';
      return success('OK', sessionAnswer(signedIn, csrfTokenFor(token)));
    },
  );

  opsRoute(
    app,
    'signOut',
    {
      summary: 'Sign out',
      tags: TAGS,
      data: undefined,
      options: { preHandler: allowed(app, container, null, 30) },
    },
    async (request, reply) => {
      if (request.operator) await auth.signOut(request.operator, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return success('Signed out.');
    },
  );
}
