import Fastify, { type FastifyInstance } from 'fastify';
import { type PortalMetrics } from '../adapters/metrics/portal-metrics';

/** The label of requests no route matched (404s, the SPA's client-side routes): bounded. */
const UNMATCHED = '(unmatched)';

/**
 * Counts every answer of the public app by method, route pattern and status, with its latency.
 * The pattern (`/api/payment/status/:payment_id`), never the raw URL: the label set stays small.
 * Its open connections are read on each scrape, beside its cap.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: PortalMetrics): void {
  // Counted as the answer is handed to the socket (onSend, whose status is final), not once it
  // has been sent (onResponse): any onResponse hook makes Fastify add and remove two listeners on
  // every answer, which cost more than the count itself. The latency then leaves out the
  // socket's own write, a few microseconds.
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
    metrics.recordRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done(null, payload);
  });
  metrics.watchConnections(app.server);
}

/**
 * The metrics listener: GET /metrics only, on a port of its own (METRICS_PORT) bound to
 * METRICS_HOST (127.0.0.1 by default), never on the public listener. Whoever can reach that port
 * can read the metrics, so it stays on a private interface.
 */
export function buildMetricsApp(metrics: PortalMetrics): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await metrics.scrape();
    return reply.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  });
  return app;
}
