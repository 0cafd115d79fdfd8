import { type FastifyPluginAsync } from 'fastify';
import { ERROR_HTTP_STATUS } from '../../../src/contract/errors';
import { type ServerContainer } from '../../container';
import { failure, success } from '../envelope';
import { DATABASE_RETRY_AFTER_S } from '../errors';
import { envelopeResponses } from './route';

const HEALTH_SCHEMA = {
  summary: 'Whether the API and its database answer',
  description: 'A 503 (SERVICE_UNAVAILABLE) carries `data: {database: "down"}`.',
  tags: ['Service'],
  response: envelopeResponses({
    type: 'object',
    required: ['database'],
    properties: { database: { type: 'string', description: 'The store that serves the data.' } },
  }),
};

/** 200 while the database answers; 503 (SERVICE_UNAVAILABLE) naming it as down otherwise (load balancers read this). */
export function healthRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', { schema: HEALTH_SCHEMA }, async (request, reply) => {
      try {
        await container.db.query('SELECT 1');
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
        return reply.code(ERROR_HTTP_STATUS.SERVICE_UNAVAILABLE).send({
          ...failure('SERVICE_UNAVAILABLE', 'Database unavailable'),
          data: { database: 'down' },
        });
      }
      return success('OK', { database: container.db.kind });
    });
  };
}
