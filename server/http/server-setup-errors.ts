import { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { type ErrorCode } from '../../src/contract/errors';
import { isConnectionFailure, isContention } from '../adapters/postgres/database';
import { failure } from './envelope';
import { ApiError, DATABASE_RETRY_AFTER_S, validationField, validationMessage } from './errors';
import { ERROR_MESSAGES } from './messages';

/** A path of the API (/api and below), whose answers are JSON, private and never cached. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The failure envelope of an ApiError, with its code's status. */
export function answer(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.httpStatus).send(failure(error.code, error.message, error.field));
}

/**
 * Both listeners' error handler: every failure is answered by its code (src/contract/errors.ts),
 * with that code's status, in the envelope; only an unexpected one is logged as an error.
 */
export function answerError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return answer(reply, error);
  }
  if (error.validation) {
    const message = validationMessage(error.validation, error.validationContext ?? 'body');
    const field = validationField(error.validation);
    return answer(reply, new ApiError('VALIDATION_FAILED', message, { field }));
  }
  if (isConnectionFailure(error)) {
    // The pool reconnects by itself: tell the client to come back shortly, never a 500.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    return answer(reply, new ApiError('SERVICE_UNAVAILABLE'));
  }
  if (isContention(error)) {
    // Transactions that kept colliding (deadlocks broken by the server), retried already.
    request.log.warn({ err: error }, 'database contention');
    reply.header('Retry-After', '1');
    return answer(reply, new ApiError('SERVICE_UNAVAILABLE'));
  }
  const code = clientErrorCode(error);
  if (code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
  return answer(reply, new ApiError(code, clientErrorMessage(code, error)));
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (bad percent-encoding) or a path
 * parameter past its length answers the envelope's coded 400 (or 414), never Fastify's own body,
 * which repeats the URL.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return answer(reply, new ApiError('URL_TOO_LONG'));
  if (error.code === 'FST_ERR_BAD_URL') return answer(reply, new ApiError('URL_INVALID'));
  request.log.error({ err: error }, 'request failed');
  return answer(reply, new ApiError('INTERNAL_ERROR'));
}

/**
 * The code of an error Fastify or a plugin raised (a body parser; @fastify/static's path,
 * conditional and range checks), by its status; INTERNAL_ERROR for any 5xx or unknown one. A 4xx
 * with no code of its own answers as INVALID_REQUEST, 400.
 */
function clientErrorCode(error: FastifyError): ErrorCode {
  const status = error.statusCode ?? 500;
  if (status >= 500 || status < 400) return 'INTERNAL_ERROR';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'INVALID_JSON';
  }
  return CLIENT_ERROR_CODES[status] ?? 'INVALID_REQUEST';
}

const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  403: 'PATH_FORBIDDEN',
  404: 'NOT_FOUND',
  412: 'PRECONDITION_FAILED',
  413: 'BODY_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

/** The words of those answers: the code's own, except a plugin's 429 and a file's 404. */
function clientErrorMessage(code: ErrorCode, error: FastifyError): string {
  if (code === 'RATE_LIMITED') return error.message;
  if (code === 'NOT_FOUND') return ERROR_MESSAGES.INVALID_REQUEST;
  return ERROR_MESSAGES[code];
}
