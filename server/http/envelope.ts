import type { FastifyReply } from 'fastify';
import type { Envelope } from '../../src/contract/api';
import type { ErrorCode } from '../../src/contract/errors';

/** The response envelope of every API answer: `{status: 1|0, message, code?, field?, data?}`. */
export type { Envelope };

export function success<T>(message: string, data?: T): Envelope<T> {
  return data === undefined ? { status: 1, message } : { status: 1, message, data };
}

/** A failure: its code, its English message, and the wire name of the field at fault if any. */
export function failure(code: ErrorCode, message: string, field?: string): Envelope<never> {
  return field === undefined ? { status: 0, message, code } : { status: 0, message, code, field };
}

/**
 * A handler's answer from a use case that may answer at once (a session check, a status poll):
 * sent now when it did, with no promise on the request's path, else once its promise settles.
 * `toBody` may throw an ApiError, which the error handler answers either way.
 */
export function answerWhenReady<T, Body extends Envelope<unknown>>(
  reply: FastifyReply,
  answer: T | Promise<T>,
  toBody: (value: T) => Body,
): Promise<Body> | undefined {
  if (answer instanceof Promise) return answer.then(toBody);
  void reply.send(toBody(answer));
  return undefined;
}
