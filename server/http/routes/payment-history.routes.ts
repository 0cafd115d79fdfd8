import { type FastifyPluginAsync } from 'fastify';
import { TIME_ZONE_MAX_LENGTH } from '../../../src/contract/time-zones';
import { type ServerContainer } from '../../container';
import { memberOf } from '../auth';
import { success } from '../envelope';
import { valueOrThrow } from '../errors';
import { memberRoute } from '../member-route';
import { paymentHistoryAnswer } from './answers';
import { FAILURE_SCHEMA, route } from './route';

/**
 * The history page reads a page on opening, on "load more" and on each filter change, and
 * re-reads while payments are pending; keyed per session, as the status polls are.
 */
const HISTORY_READS_PER_SESSION_PER_MINUTE = 60;
/**
 * A PDF costs tens of milliseconds of CPU: enough for a member saving receipts one by one,
 * counted over all of the member's sessions so that more sessions buy no more renders.
 */
const RECEIPTS_PER_MEMBER_PER_MINUTE = 20;
const TAGS = ['Payments'];

/** The member's payment history and receipt PDFs under /api, behind authentication. */
export function paymentHistoryRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      'paymentHistory',
      {
        summary: 'The member’s payments, newest first, a page at a time',
        tags: TAGS,
        // Text as sent: the use case checks each value and names the field it refuses.
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string' },
            cursor: { type: 'string' },
            limit: { type: 'string' },
          },
        },
        data: paymentHistoryAnswer,
        options: memberRoute(HISTORY_READS_PER_SESSION_PER_MINUTE),
      },
      async (request) => {
        const result = await container.listPaymentHistory.execute({
          memberId: memberOf(request).id,
          ...request.query,
        });
        return success('Payment history.', valueOrThrow(result));
      },
    );

    route(
      app,
      'receiptPdf',
      {
        suffix: '/:transactionId/pdf',
        summary: 'A completed payment’s receipt, as a PDF in the member’s language',
        tags: TAGS,
        params: {
          type: 'object',
          properties: { transactionId: { type: 'string', maxLength: 64 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            lang: { type: 'string' },
            tz: { type: 'string', maxLength: TIME_ZONE_MAX_LENGTH },
          },
        },
        data: undefined,
        responses: {
          200: {
            description: 'The receipt, as an attachment.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          default: FAILURE_SCHEMA,
        },
        options: memberRoute(RECEIPTS_PER_MEMBER_PER_MINUTE, 'member'),
      },
      async (request, reply) => {
        const result = await container.renderReceiptPdf.execute({
          memberId: memberOf(request).id,
          transactionId: request.params.transactionId,
          lang: request.query.lang,
          timeZone: request.query.tz,
        });
        const { fileName, pdf } = valueOrThrow(result);
        return (
          reply
            .header('Content-Type', 'application/pdf')
            .header('Content-Disposition', `attachment; filename="${fileName}"`)
            // A member's receipt: kept by no shared cache, and by no cache at all.
            .header('Cache-Control', 'private, no-store')
            .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
        );
      },
    );
  };
}
