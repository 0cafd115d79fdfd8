import { Readable } from 'node:stream';
import { type FastifyInstance } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { actorOf, allowed } from '../guard';
import { reportSummaryAnswer } from './ops-payment-answers';
import { fileResponses, opsRoute } from './ops-route';
import { DAY_SCHEMA, PAYMENT_SEARCH_QUERY } from './payments.routes';
import { summaryResponse } from './report-wire';

const TAGS = ['Reports'];

/**
 * The reports (`reports.read`: finance and admin): the summary of a range of Malaysia days, and
 * the CSV of every payment a search finds, streamed as the database cursor reads it. The export
 * path is a static route, which the router matches before `GET /payments/:id`.
 */
export function opsReportRoutes(app: FastifyInstance, container: ServerContainer): void {
  const reports = container.paymentReporting;

  opsRoute(
    app,
    'reportSummary',
    {
      summary: 'Payments and refunds by Malaysia day over a range, with totals',
      tags: TAGS,
      querystring: {
        type: 'object',
        required: ['from', 'to'],
        additionalProperties: false,
        properties: { from: DAY_SCHEMA, to: DAY_SCHEMA },
      },
      data: reportSummaryAnswer,
      options: { preHandler: allowed(app, container, 'reports.read', 30) },
    },
    async (request) =>
      success('OK', summaryResponse(valueOrThrow(await reports.summary(request.query)))),
  );

  opsRoute(
    app,
    'paymentsExport',
    {
      summary: 'The CSV of every payment a search finds',
      tags: TAGS,
      querystring: PAYMENT_SEARCH_QUERY,
      data: undefined,
      responses: fileResponses('text/csv', 'UTF-8 with a byte-order mark and a header row.'),
      // Audited, so the contract counts it as writing: the CSRF header as for a POST (opsRoute).
      options: { preHandler: allowed(app, container, 'reports.read', 5) },
    },
    async (request, reply) => {
      const { filename, body } = valueOrThrow(reports.exportCsv(actorOf(request), request.query));
      // A cut connection destroys the stream, which ends the body's generator: the database's
      // read stops and the export is audited with the records sent.
      const csv = Readable.from(body, { objectMode: false });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
