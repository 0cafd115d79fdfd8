import { createServer, type Server } from 'node:http';

/** One span as the receiver keeps it, its attributes' values as strings. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string>;
}

export interface OtlpReceiver {
  /** What to set OTEL_EXPORTER_OTLP_ENDPOINT to. */
  endpoint: string;
  spans(): readonly ReceivedSpan[];
  /** Every request it was sent that was not OTLP/HTTP JSON to /v1/traces. */
  refused(): readonly string[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpTraces {
  resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

/**
 * A local OTLP/HTTP receiver, as a collector's: takes `POST /v1/traces` in the JSON encoding,
 * answers 200 with an empty partial success, and keeps the spans for the test to read.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.includes('json')) {
        refused.push(`${request.method} ${request.url} ${type}`);
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
      for (const resource of body.resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push(received(span));
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => spans,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function received(span: OtlpSpan): ReceivedSpan {
  const attributes: Record<string, string> = {};
  for (const { key, value } of span.attributes ?? []) attributes[key] = text(value);
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: span.parentSpanId ?? '',
    name: span.name,
    attributes,
  };
}

function text(value: OtlpValue): string {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(text).join(',');
  return String(value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue ?? '');
}
