import { type FastifyRequest } from 'fastify';

/**
 * What the server's logs may carry. Members' identifiers, phones, passwords and their hashes,
 * session tokens, one-time codes and gateway signatures never reach a log line at any level:
 * request bodies are not logged, URLs lose their query string, headers and any logged object
 * lose the secret keys below, and database errors (whose driver objects carry the statement's
 * parameters, the offending row and the statement) keep only what names the failure.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets or personal identifiers, wherever they appear in a log object. */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'new_password',
  'newPassword',
  'password_hash',
  'passwordHash',
  'hash',
  'tac_code',
  'code',
  'token',
  'tokenHash',
  'token_hash',
  'ic',
  'ic_or_passport',
  'icOrPassport',
  'phone',
  'phone_no',
  'phoneNo',
  'signature',
  'x_signature',
  'hashVal',
  'idempotency-key',
  'x-csrf-token',
  'csrf_token',
  'totp_code',
  'totp_secret',
  'totp_uri',
  'enrolment_url',
];

/**
 * pino redaction paths: the keys at the top of a log object, one and two levels down, and in the
 * request headers. (Nested deeper, objects are not logged by this code base.)
 */
export const REDACTED_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.map((key) => `*["${key}"]`),
  ...SECRET_KEYS.map((key) => `*.*["${key}"]`),
  ...SECRET_KEYS.map((key) => `req.headers["${key}"]`),
];

/** The request as logged: the path without its query string (queries carry IC and phone). */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: withoutQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `/api/user/exists?phone=60...&ic=...` becomes `/api/user/exists?[redacted]`. */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?${REDACTED}`;
}

/**
 * Fields of an error object that are safe to log. Both drivers' errors carry more: PGlite adds
 * `query`, `params` (the statement's parameters: hashes, IC numbers, phones) and `queryOptions`;
 * both add `detail` (the duplicate key or the failing row), `where` (a parameter's value),
 * `hint` and `internalQuery`. Those are dropped.
 */
const SAFE_ERROR_FIELDS = [
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'statusCode',
  'errno',
  'syscall',
] as const;

/** Error causes followed at most this deep (a loop of causes must not hang the logger). */
const MAX_CAUSE_DEPTH = 3;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The error as logged: type, a message without input values, safe fields, stack, cause. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: REDACTED, stack: '' };
  }
  const source = error as Record<string, unknown>;
  const type = error instanceof Error ? error.constructor.name : 'Object';
  const message = scrubMessage(
    typeof source.message === 'string' ? source.message : '',
    source.code,
  );
  // The stack's first lines repeat the message (with its values): keep only the frames.
  const frames =
    typeof source.stack === 'string'
      ? source.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  const serialized: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  // As errorCode: `code` is a redacted key (one-time codes), and the SQLSTATE or errno must stay.
  if (typeof source.code === 'string' || typeof source.code === 'number') {
    serialized.errorCode = source.code;
  }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (source.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeError(source.cause, depth + 1);
  }
  return serialized;
}

/**
 * PostgreSQL's data-exception messages (SQLSTATE class 22) quote the rejected value, e.g.
 * `invalid input syntax for type uuid: "..."`; the quoted value goes. Other messages quote
 * only names (of constraints, types, encodings), which stay.
 */
function scrubMessage(message: string, code: unknown): string {
  if (typeof code === 'string' && code.startsWith('22')) {
    return message.replace(/:\s*".*"\s*$/s, `: ${REDACTED}`);
  }
  return message;
}
