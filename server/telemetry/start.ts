/**
 * Traces are on exactly when OTEL_EXPORTER_OTLP_ENDPOINT is set. The entry imports this module
 * before anything else, so that the SDK is started before the modules it instruments are loaded
 * (`pg` is instrumented by wrapping its `require`). When the variable is unset, no OpenTelemetry
 * package is loaded at all: the cost of tracing off is this one check.
 */
import type * as Sdk from './sdk';
import type { Tracing } from './sdk';

let tracing: Tracing | undefined;

/** Starts tracing when the environment asks for it; answers whether it did. */
export function startTracingIfConfigured(): boolean {
  if (tracing !== undefined) return true;
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return false;
  // Loaded here, not imported above: with tracing off, the SDK stays unloaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const sdk = require('./sdk') as typeof Sdk;
  tracing = sdk.startTracing(process.env);
  return true;
}

/** Sends the spans still buffered and stops the SDK; nothing to do when tracing is off. */
export async function stopTracing(): Promise<void> {
  const stopping = tracing;
  tracing = undefined;
  await stopping?.shutdown();
}
