import { Readable } from 'node:stream';
import { type FastifyInstance } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../../http/envelope';
import { valueOrThrow } from '../../http/errors';
import { actorOf, allowed } from '../guard';
import { auditListResponse, checkpointDto, exportLine } from './audit-wire';
import { auditListAnswer, checkpointAnswer } from './ops-audit-answers';
import { fileResponses, opsRoute } from './ops-route';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const TAGS = ['Audit'];

/** The audit log: filtered pages with the chain's status, a checkpoint, the JSON Lines export. */
export function opsAuditRoutes(app: FastifyInstance, container: ServerContainer): void {
  const trail = container.auditTrail;

  opsRoute(
    app,
    'audit',
    {
      summary: 'A page of the audit log, newest first, and the chain’s status',
      tags: TAGS,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          operator: { type: 'string', format: 'uuid' },
          action: text(64),
          target: text(100),
          from: text(40),
          to: text(40),
          cursor: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
        },
      },
      data: auditListAnswer,
      options: { preHandler: allowed(app, container, 'audit.read', 60) },
    },
    async (request) =>
      success('OK', auditListResponse(valueOrThrow(await trail.list(request.query)))),
  );

  opsRoute(
    app,
    'auditCheckpoint',
    {
      summary: 'Sign a checkpoint of the audit chain now',
      tags: TAGS,
      data: checkpointAnswer,
      options: { preHandler: allowed(app, container, 'audit.read', 10) },
    },
    async (request) => {
      const checkpoint = await trail.checkpoint(actorOf(request));
      return success('Checkpoint signed.', checkpointDto(checkpoint));
    },
  );

  opsRoute(
    app,
    'auditExport',
    {
      summary: 'The whole audit log as JSON Lines, with the signing key and checkpoints',
      tags: TAGS,
      data: undefined,
      responses: fileResponses('application/x-ndjson', 'One JSON object per line.'),
      // Audited, so the contract counts it as writing: the CSRF header as for a POST (opsRoute).
      options: { preHandler: allowed(app, container, 'audit.read', 5) },
    },
    async (request, reply) => {
      const items = trail.exportItems(actorOf(request));
      // The export is audited before its first line goes out.
      const first = await items.next();
      async function* all() {
        if (!first.done) yield exportLine(first.value);
        for await (const item of items) yield exportLine(item);
      }
      const name = `audit-${new Date(container.clock.now()).toISOString().slice(0, 10)}.jsonl`;
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(Readable.from(all()));
    },
  );
}
