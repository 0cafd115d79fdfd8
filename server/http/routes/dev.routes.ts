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

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The development SMS outbox as a page (as a local mail catcher shows mail): every code "sent",
 * newest first, reloading itself every 5 seconds. Plain HTML, no script: the API's CSP allows none.
 */
export function outboxPage(entries: readonly OutboxEntry[]): string {
  const rows = entries
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.sent_at)}</td><td>+${escapeHtml(entry.phone_no)}</td>` +
        `<td>${escapeHtml(entry.purpose)}</td><td><strong>${escapeHtml(entry.code)}</strong></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>SMS outbox (development)</title></head>
<body><h1>SMS outbox (development)</h1>
<p>The codes the console SMS sender "sent", newest first. This page reloads every 5 seconds.</p>
<table><thead><tr><th>Sent at</th><th>Phone</th><th>Purpose</th><th>Code</th></tr></thead>
<tbody>
${rows === '' ? '<tr><td colspan="4">No codes sent yet.</td></tr>' : rows}
</tbody></table></body></html>`;
}

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
        reply.type('text/html; charset=utf-8').send(outboxPage(container.smsOutbox.list())),
    );
  };
}
