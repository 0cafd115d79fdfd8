import { type FastifyPluginAsync } from 'fastify';
import { normalisePhone } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { deviceLabelOf } from '../../adapters/ua-parser-device-labels.adapter';
import { memberOf } from '../auth';
import { answerWhenReady, success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { loginAnswer, sessionUserAnswer, smsCodeAnswer } from './answers';
import { route } from './route';
import { field, objectBody } from './schemas';

/** Session checks poll every 10 s per tab; many members may share one carrier-NAT address. */
const SESSION_CHECKS_PER_TOKEN_PER_MINUTE = 60;
const TAGS = ['Sign-in and sign-up'];

export function authRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      'login',
      {
        summary: 'Sign in with IC or passport and password',
        tags: TAGS,
        body: objectBody({
          // Loose on purpose: a malformed IC fails like any unknown one (401, same message).
          ic_or_passport: { type: 'string', minLength: 1, maxLength: 64 },
          password: { type: 'string', minLength: 1, maxLength: 1024 },
        }),
        data: loginAnswer,
      },
      async (request) => {
        const value = valueOrThrow(
          await container.login.execute({
            icOrPassport: request.body.ic_or_passport,
            password: request.body.password,
            deviceLabel: deviceLabelOf(request.headers['user-agent']),
          }),
        );
        return success('Login successful', value);
      },
    );

    route(
      app,
      'logout',
      {
        summary: 'End this session',
        tags: TAGS,
        data: undefined,
        options: { preHandler: app.authenticate },
      },
      async (request) => {
        valueOrThrow(await container.logout.execute({ sessionId: memberOf(request).sessionId }));
        return success('Logged out');
      },
    );

    route(
      app,
      'sessionCheck',
      {
        summary: 'Whether the session is live, and whose',
        tags: TAGS,
        data: sessionUserAnswer,
        options: memberRoute(SESSION_CHECKS_PER_TOKEN_PER_MINUTE),
      },
      (request, reply) =>
        answerWhenReady(
          reply,
          container.getProfile.sessionUser({ memberId: memberOf(request).id }),
          (answer) => success('Session is active', valueOrThrow(answer)),
        ),
    );

    route(
      app,
      'sendSmsCode',
      {
        summary: 'Send a code by SMS, for sign-up or a password reset',
        tags: TAGS,
        // language is optional: a client that does not say gets the English text.
        body: objectBody(
          { phone_no: field.phone, purpose: field.purpose, language: field.language },
          ['phone_no', 'purpose'],
        ),
        data: smsCodeAnswer,
      },
      async (request) => {
        const value = valueOrThrow(
          await container.sendSmsCode.execute({
            phoneNo: normalisePhone(request.body.phone_no),
            purpose: request.body.purpose,
            clientAddress: request.ip,
            language: request.body.language,
          }),
        );
        return success('OTP sent', { expires_in: value.expiresIn });
      },
    );

    route(
      app,
      'register',
      {
        summary: 'Sign up with the code sent by SMS',
        tags: TAGS,
        body: objectBody({
          name: field.name,
          nationality: field.nationality,
          ic_or_passport: field.icOrPassport,
          phone_no: field.phone,
          password: field.password,
          tac_code: field.code,
        }),
        data: undefined,
      },
      async (request) => {
        const body = request.body;
        valueOrThrow(
          await container.registerMember.execute({
            name: body.name,
            nationality: body.nationality,
            icOrPassport: body.ic_or_passport,
            phoneNo: normalisePhone(body.phone_no),
            password: body.password,
            code: body.tac_code,
          }),
        );
        return success('Registration successful');
      },
    );

    route(
      app,
      'resetPassword',
      {
        summary: 'Set a new password with the code sent by SMS',
        tags: TAGS,
        body: objectBody({
          phone_no: field.phone,
          tac_code: field.code,
          new_password: field.password,
        }),
        data: undefined,
      },
      async (request) => {
        valueOrThrow(
          await container.resetPassword.execute({
            phoneNo: normalisePhone(request.body.phone_no),
            code: request.body.tac_code,
            newPassword: request.body.new_password,
          }),
        );
        return success('Password reset successful');
      },
    );
  };
}
