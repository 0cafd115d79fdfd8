import { type FastifyPluginAsync } from 'fastify';
import { type ServerContainer } from '../../container';
import { success } from '../envelope';
import { ApiError } from '../errors';

export function healthRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', async () => {
      try {
        await container.db.query('SELECT 1');
      } catch {
        throw new ApiError(503, 'Database unavailable');
      }
      return success('OK', { database: container.db.kind });
    });
  };
}
