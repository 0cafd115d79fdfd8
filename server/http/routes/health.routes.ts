import { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { ERROR_HTTP_STATUS } from '../../../src/contract/errors';
import { type ServerContainer } from '../../container';
import { failure, success } from '../envelope';
import { DATABASE_RETRY_AFTER_S } from '../errors';
import { readinessOf } from './health-state';
import { envelopeResponses } from './route';

/** A database slower than this to answer `SELECT 1` counts as unreachable for the probe. */
export const READY_DATABASE_TIMEOUT_MS = 2000;

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

const LIVE_SCHEMA = {
  summary: 'Whether the process answers (liveness probe)',
  description:
    'Asks nothing of the database. `proxies_seen` is how many X-Forwarded-For addresses the ' +
    'request carried and `proxies_trusted` how many hops TRUST_PROXY believed: ' +
    '`ops.js doctor` compares them through the proxy.',
  tags: ['Service'],
  response: envelopeResponses({
    type: 'object',
    required: ['proxies_seen', 'proxies_trusted'],
    properties: {
      proxies_seen: { type: 'integer', minimum: 0 },
      proxies_trusted: { type: 'integer', minimum: 0 },
    },
  }),
};

const READY_SCHEMA = {
  summary: 'Whether this instance takes traffic (readiness probe)',
  description:
    'A 503 (SERVICE_UNAVAILABLE) while the server opens and migrates its database (answered ' +
    'before the API listens), while the database does not answer within 2 s, and from the ' +
    'first moment of a shutdown: `data.state` says which.',
  tags: ['Service'],
  response: envelopeResponses({
    type: 'object',
    required: ['state'],
    properties: {
      state: { type: 'string', enum: ['ready', 'starting', 'draining', 'database_down'] },
    },
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
    healthProbes(app, container);
  };
}

/**
 * The probes both listeners answer: `/health/live` (the process answers) and `/health/ready`
 * (send it traffic). Ready goes 503 as soon as main starts a shutdown, while the listeners still
 * accept, so a load balancer stops sending before connections are refused.
 */
export function healthProbes(app: FastifyInstance, container: ServerContainer): void {
  app.get('/health/live', { schema: LIVE_SCHEMA }, async (request) =>
    success('OK', proxyHops(request)),
  );

  app.get('/health/ready', { schema: READY_SCHEMA }, async (request, reply) => {
    const unready = (state: 'draining' | 'database_down', message: string) => {
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return reply
        .code(ERROR_HTTP_STATUS.SERVICE_UNAVAILABLE)
        .send({ ...failure('SERVICE_UNAVAILABLE', message), data: { state } });
    };
    if (readinessOf(container).draining) return unready('draining', 'Shutting down');
    try {
      await withinTime(container.db.query('SELECT 1'), READY_DATABASE_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unavailable');
      return unready('database_down', 'Database unavailable');
    }
    // Asked again after the query: a drain may have started while it ran.
    if (readinessOf(container).draining) return unready('draining', 'Shutting down');
    return success('OK', { state: 'ready' });
  });
}

/**
 * How many X-Forwarded-For addresses came, and how many hops the server believed (Fastify's
 * `ips` lists the peer, each trusted hop and the client it settled on).
 */
function proxyHops(request: FastifyRequest): { proxies_seen: number; proxies_trusted: number } {
  const header = request.headers['x-forwarded-for'];
  const line = Array.isArray(header) ? header.join(',') : (header ?? '');
  const seen = line.split(',').filter((part) => part.trim() !== '').length;
  const trusted = Math.max(0, (request.ips?.length ?? 1) - 1);
  return { proxies_seen: seen, proxies_trusted: trusted };
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
