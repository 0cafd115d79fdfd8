import type { Attributes, Span, Tracer } from '@opentelemetry/api';

/**
 * The application's own spans (a gateway's verification, say) beside those the instrumentations
 * make. Only types come from `@opentelemetry/api` here: the tracer is handed over by sdk.ts when
 * tracing starts, so with tracing off this module loads nothing and `inSpan` is a plain call.
 */
let tracer: Tracer | undefined;

export function setTracer(active: Tracer | undefined): void {
  tracer = active;
}

export function tracingActive(): boolean {
  return tracer !== undefined;
}

/**
 * Runs `work` inside a span named `name` (a child of the request's span), ended when it settles;
 * a rejection marks the span as failed by its error's class name, never by its message, which
 * may carry what a member typed. Attributes must name no person: ids of records, kinds, outcomes.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (tracer === undefined) return work(undefined);
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      // SpanStatusCode.ERROR is 2; the enum is not imported, to keep this module type-only.
      span.setStatus({ code: 2, message: error instanceof Error ? error.name : 'Error' });
      throw error;
    } finally {
      span.end();
    }
  });
}
