import { type FastifyPluginAsync } from 'fastify';
import { normalisePhone } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { success } from '../envelope';

/** Development and test only (app.ts does not register it in production: 404 there). */
export function devRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { phone_no?: string } }>(
      '/dev/sms-outbox',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { phone_no: { type: 'string', maxLength: 32 } },
          },
        },
      },
      async (request) => {
        const phone = request.query.phone_no;
        return success(
          'SMS outbox',
          container.smsOutbox.list(phone === undefined ? undefined : normalisePhone(phone)),
        );
      },
    );
  };
}
