import { type FastifyPluginAsync } from 'fastify';
import { normalisePhone, SMS_PURPOSES } from '../../../src/contract/rules';
import { type ServerContainer } from '../../container';
import { success } from '../envelope';
import { type OutboxEntry } from '../../ports/sms-sender.port';
import { schemaOf } from './json-schema';
import { envelopeResponses } from './route';
import { outboxPage, outboxPageCsp } from './dev-outbox-page';

export { outboxPage } from './dev-outbox-page';

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

    app.get(
      '/dev/sms-outbox/page',
      {
        schema: {
          summary: 'The SMS outbox as a page that reloads itself (development and tests only)',
          tags: ['Development'],
          response: {
            200: {
              description: 'An HTML page',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            default: envelopeResponses().default,
          },
        },
      },
      async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          // A page under /api: its own CSP in place of the API's, which allows no style at all.
          .header('content-security-policy', outboxPageCsp())
          .send(outboxPage(container.smsOutbox.list())),
    );
  };
}
