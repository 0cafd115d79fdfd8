import { type FastifyPluginAsync } from 'fastify';
import { type RequestOf, type UserExistsResponse } from '../../../src/contract/api';
import { normalisePhone } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { type ProfileChange } from '../../use-cases/update-profile.use-case';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { ERROR_MESSAGES } from '../messages';
import { profileAnswer, userExistsAnswer } from './answers';
import { route } from './route';
import { field } from './schemas';

const TAGS = ['Profile'];

const USER_EXISTS_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['phone'],
  properties: { phone: field.phone, nationality: field.nationality, ic: field.icOrPassport },
} as const;

/** Exactly one of the three fields. */
const PROFILE_CHANGE = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: { name: field.name, phone_no: field.phone, password: field.password },
} as const;

export function userRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      'userExists',
      {
        summary: 'Whether a phone number and IC or passport may still sign up',
        tags: ['Sign-in and sign-up'],
        querystring: USER_EXISTS_QUERY,
        data: userExistsAnswer,
      },
      async (request) => {
        const value = valueOrThrow(
          await container.checkMemberExists.execute({
            phoneNo: normalisePhone(request.query.phone),
            icOrPassport: request.query.ic,
          }),
        );
        const data: UserExistsResponse =
          value.reason === undefined
            ? { can_proceed: value.canProceed }
            : { can_proceed: value.canProceed, reason: value.reason };
        // A number or IC taken reads as the refusal a sign-up would meet.
        const message =
          value.reason === undefined ? MAY_REGISTER_MESSAGE : ERROR_MESSAGES[value.reason];
        return success(message, data);
      },
    );

    route(
      app,
      'profile',
      {
        summary: 'The member’s profile',
        tags: TAGS,
        data: profileAnswer,
        options: { preHandler: app.authenticate },
      },
      async (request) => {
        const profile = valueOrThrow(
          await container.getProfile.execute({ memberId: memberOf(request).id }),
        );
        return success('Profile loaded', profile);
      },
    );

    route(
      app,
      'updateProfile',
      {
        summary: 'Change one field of the profile: name, phone number or password',
        tags: TAGS,
        body: PROFILE_CHANGE,
        data: undefined,
        options: { preHandler: app.authenticate },
      },
      async (request) => {
        const member = memberOf(request);
        const value = valueOrThrow(
          await container.updateProfile.execute({
            memberId: member.id,
            sessionId: member.sessionId,
            change: toChange(request.body),
          }),
        );
        return success(UPDATED_MESSAGES[value.field]);
      },
    );
  };
}

const MAY_REGISTER_MESSAGE = 'You can proceed with registration';

const UPDATED_MESSAGES: Record<ProfileChange['field'], string> = {
  name: 'Name updated',
  phone_no: 'Phone number updated',
  password: 'Password updated',
};

/** The schema guarantees exactly one known field is present. */
function toChange(body: RequestOf<'updateProfile'>): ProfileChange {
  if ('name' in body) return { field: 'name', value: body.name };
  if ('phone_no' in body) return { field: 'phone_no', value: normalisePhone(body.phone_no) };
  return { field: 'password', value: body.password };
}
