import { type FastifyPluginAsync } from 'fastify';
import { normalisePhone, SMS_PURPOSES } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { success } from '../envelope';
import { type OutboxEntry } from '../../ports/sms-sender.port';
import { schemaOf } from './json-schema';
import { envelopeResponses } from './route';

const OUTBOX = schemaOf<OutboxEntry[]>()({
  type: 'array',
  items: {
    type: 'object',
    required: ['phone_no', 'purpose', 'code', 'sent_at'],
    properties: {
      phone_no: { type: 'string' },
      purpose: { type: 'string', enum: SMS_PURPOSES },
      code: { type: 'string' },
      sent_at: { type: 'string', format: 'date-time' },
    },
  },
});

/** Development and test only (app.ts does not register it in production: 404 there). */
export function devRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { phone_no?: string } }>(
      '/dev/sms-outbox',
      {
        schema: {
          summary: 'The SMS codes "sent", newest first (development and tests only)',
          tags: ['Development'],
          response: envelopeResponses(OUTBOX),
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
