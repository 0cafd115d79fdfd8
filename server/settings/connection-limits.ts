import { type EnvReader } from './env-reader';

/** Timeouts and the connection cap of the HTTP server, all in milliseconds except the cap. */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (HEADERS_TIMEOUT_MS, at most REQUEST_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way is destroyed after this (CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** Connections beyond this are closed on arrival (MAX_CONNECTIONS). */
  maxConnections: number;
}

/**
 * Connection hygiene. An unfinished request (a body that never completes) is dropped within
 * REQUEST_TIMEOUT_MS, at most 30 s; the cap keeps a flood of slow sockets from exhausting file
 * descriptors while the timeouts free their slots.
 */
export function loadConnectionLimits(read: EnvReader): ConnectionLimits {
  const limits: ConnectionLimits = {
    requestTimeoutMs: read.integer('REQUEST_TIMEOUT_MS', 20_000, 100, 30_000),
    headersTimeoutMs: read.integer('HEADERS_TIMEOUT_MS', 10_000, 100, 30_000),
    keepAliveTimeoutMs: read.integer('KEEP_ALIVE_TIMEOUT_MS', 10_000, 100, 600_000),
    connectionTimeoutMs: read.integer('CONNECTION_TIMEOUT_MS', 60_000, 1000, 600_000),
    maxConnections: read.integer('MAX_CONNECTIONS', 500, 1, 100_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    read.problems.push('HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  }
  return limits;
}
