/** How the two drivers' failures are told apart: lost connections and broken constraints. */

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a killed
 * backend, a timeout). Requests fail with 503 and Retry-After; the pool reconnects by itself.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE classes and codes that mean "no usable connection", not "your query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

/** Whether an error from either driver means the database is out of reach. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/** Unique constraint violated (SQLSTATE 23505): both drivers expose `code`. */
export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** The violated constraint's name when the driver reports it, else the error text (PGlite). */
export function violatedConstraint(error: { constraint?: string; message?: string }): string {
  return error.constraint ?? error.message ?? '';
}

/**
 * SQLSTATEs of a transaction that lost to another one, not of a wrong query: a deadlock the server
 * broke (40P01) or a serialisation failure (40001). Run again, the work normally succeeds.
 */
const CONTENTION_SQLSTATES = new Set(['40P01', '40001']);

/** Whether an error means "two transactions collided: try again". */
export function isContention(error: unknown): boolean {
  if (error instanceof DatabaseContentionError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && CONTENTION_SQLSTATES.has(code);
}

/**
 * A transaction that kept colliding with others (deadlock or serialisation failure) after its
 * retries: requests fail with a coded 503 and a short Retry-After, never 500.
 */
export class DatabaseContentionError extends Error {
  constructor(cause: unknown) {
    super('database contention: the transaction was retried and still collided', { cause });
    this.name = 'DatabaseContentionError';
  }
}

/** Rethrows a connection failure as DatabaseUnavailableError; anything else unchanged. */
export function rethrow(error: unknown): never {
  throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
}
