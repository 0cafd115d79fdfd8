/**
 * Imported first by server/main.ts, for its side effect: tracing starts (when configured)
 * before fastify and pg are loaded by the imports that follow it.
 */
import { startTracingIfConfigured } from './start';

startTracingIfConfigured();
