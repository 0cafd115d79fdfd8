import { type Socket } from 'node:net';
import { type ConnectionError, type FastifyInstance } from 'fastify';
import { ERROR_HTTP_STATUS } from '../../src/contract/errors';
import { ERROR_MESSAGES } from './messages';
import { failure } from './envelope';

/** The one answer to a request Node's parser cannot read, written straight to the socket. */
const MALFORMED_BODY = JSON.stringify(failure('INVALID_REQUEST', ERROR_MESSAGES.INVALID_REQUEST));
const MALFORMED_ANSWER =
  `HTTP/1.1 ${ERROR_HTTP_STATUS.INVALID_REQUEST} Bad Request\r\n` +
  'Content-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(MALFORMED_BODY)}\r\n` +
  'Cache-Control: no-store\r\n' +
  'X-Content-Type-Options: nosniff\r\n' +
  'Connection: close\r\n\r\n' +
  MALFORMED_BODY;
/** A request that did not arrive within the request or header timeout: Node's own answer. */
const TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refuses before any route sees it (a
 * bad request line, an invalid header name or value, a bad Content-Length or chunk, headers over
 * the size limit) answers the envelope's 400 INVALID_REQUEST, no-store, and the connection is
 * closed, instead of Fastify's body without a code. A request too slow to arrive gets Node's
 * bodiless 408. Only the parser's code is logged: the error also holds the raw bytes received,
 * which may carry a bearer token.
 */
export function answerClientError(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  this.log.debug({ parserError: error.code }, timedOut ? 'request timed out' : 'malformed request');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(timedOut ? TIMEOUT_ANSWER : MALFORMED_ANSWER, () => socket.destroy());
}
