import { trace, type Span } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { setTracer } from './spans';

/** What start.ts keeps of a started SDK. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** The tracer of the portal's own spans, and the service name when OTEL_SERVICE_NAME is unset. */
const SERVICE_NAME = 'member-portal';

/**
 * The OpenTelemetry SDK, exporting spans as OTLP over HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT
 * (`/v1/traces` appended; OTEL_EXPORTER_OTLP_HEADERS and the OTEL_BSP_* batch settings read by
 * the SDK itself). Spans come from:
 * - @fastify/otel on every Fastify instance (both listeners): the request, its hooks, its handler;
 * - the `pg` instrumentation: each statement on PostgreSQL, only inside a traced request, so
 *   the jobs' polling does not flood the collector;
 * - the `undici` instrumentation: calls made with fetch (a gateway's API), inside a request;
 * - spans.ts: the portal's own (a gateway's start, verification, status query).
 * No attribute names a person: the request's path is its route's pattern (no query string, no
 * ids), an outgoing call's URL loses its query, statements carry their placeholders and never
 * their values, and errors are not recorded as events (their messages may quote input).
 */
export function startTracing(env: NodeJS.ProcessEnv): Tracing {
  // Traces only: the metrics are Prometheus's (/metrics), and the logs go to stdout. The SDK
  // would otherwise export both over OTLP as well, by its defaults.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || SERVICE_NAME,
    traceExporter: new OTLPTraceExporter(),
    // Traces start here: a `traceparent` from a member's browser is not trusted to pick a trace
    // (or its sampling), and none is sent to a gateway, a third party.
    textMapPropagator: null,
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        recordExceptions: false,
        requestHook: (span, request) => {
          span.setAttribute('url.path', request.routeOptions.url ?? '');
        },
        // A plugin without a name is named by Fastify after its source: a span name must not be.
        lifecycleHook: (span, { hookName, request, handler }) => {
          const name = `${hookName} - ${
            hookName === 'handler' ? (request.routeOptions.url ?? '') : shortName(handler)
          }`;
          span.updateName(name);
          span.setAttribute('hook.name', name);
        },
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new UndiciInstrumentation({
        requireParentforSpans: true,
        requestHook: (span, request) => withoutQuery(span, request.origin, request.path),
      }),
    ],
  });
  sdk.start();
  setTracer(trace.getTracer(SERVICE_NAME));
  return {
    shutdown: async () => {
      setTracer(undefined);
      await sdk.shutdown();
    },
  };
}

/** A function's own name, or `anonymous` for what is a function's source text. */
function shortName(name: string | undefined): string {
  return name !== undefined && /^[\w$.-]{1,64}$/.test(name) ? name : 'anonymous';
}

/** An outgoing call's URL without its query string, which may carry a key or a member's data. */
function withoutQuery(span: Span, origin: string, path: string): void {
  const url = new URL(path, origin);
  url.search = '';
  url.username = '';
  url.password = '';
  span.setAttribute('url.full', url.href);
  span.setAttribute('url.query', '');
}
