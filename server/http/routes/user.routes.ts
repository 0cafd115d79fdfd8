import { ApiPaths, type UserExistsResponse } from '../../../src/contract/api';
import { type FastifyPluginAsync } from 'fastify';
import { normalisePhone } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { type ProfileChange } from '../../use-cases/update-profile.use-case';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { field } from './schemas';

type ProfileUpdateBody = { name?: string; phone_no?: string; password?: string };

export function userRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { phone: string; nationality?: string; ic?: string } }>(
      ApiPaths.userExists,
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            required: ['phone'],
            properties: {
              phone: field.phone,
              nationality: field.nationality,
              ic: field.icOrPassport,
            },
          },
        },
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
        return success(value.message, data);
      },
    );

    app.get(ApiPaths.profile, { preHandler: app.authenticate }, async (request) => {
      const profile = valueOrThrow(
        await container.getProfile.execute({ memberId: memberOf(request).id }),
      );
      return success('Profile loaded', profile);
    });

    app.post<{ Body: ProfileUpdateBody }>(
      ApiPaths.updateProfile,
      {
        preHandler: app.authenticate,
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            maxProperties: 1,
            properties: { name: field.name, phone_no: field.phone, password: field.password },
          },
        },
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

const UPDATED_MESSAGES: Record<ProfileChange['field'], string> = {
  name: 'Name updated',
  phone_no: 'Phone number updated',
  password: 'Password updated',
};

/** The schema guarantees exactly one known field is present. */
function toChange(body: ProfileUpdateBody): ProfileChange {
  if (body.name !== undefined) return { field: 'name', value: body.name };
  if (body.phone_no !== undefined)
    return { field: 'phone_no', value: normalisePhone(body.phone_no) };
  return { field: 'password', value: body.password ?? '' };
}
